/**
 * Whole Data Guard configurations ({@code qualify --plan}): the YAML, what each hop must carry, a verdict per hop.
 *
 * <p>Imports of probe: core.agent, core.client, core.error, core.params, core.payload, core.protocol, core.qualify,
 * core.redo, core.result, core.tcp, core.units.
 * <br>Used by: cli.qualify.
 */
package dev.probe.core.plan;
