/**
 * The Data Guard verdict engine: the procedure's steps, one rule book, verdicts for a link and RAC nodes.
 *
 * <p>Imports of probe: core.agent, core.bulk, core.client, core.disk, core.error, core.nfs, core.params,
 * core.pathmtu, core.payload, core.protocol, core.redo, core.result, core.tcp, core.units, model.
 * <br>Used by: cli.qualify, core.plan.
 */
package dev.probe.core.qualify;
