/**
 * Sizes, rates and durations: parsed as typed, printed as read.
 *
 * <p>Imports of probe: core.error.
 * <br>Used by: cli.common, cli.lab, cli.objstore, cli.qualify, cli.redo, cli.report, core.agent, core.bulk,
 * core.client, core.lab, core.objstore.client, core.plan, core.protocol, core.qualify, core.redo, core.relay,
 * core.result, core.server.
 */
package dev.probe.core.units;
