/**
 * Result documents: intervals, summaries, TCP_INFO figures, projections and the model's line beside them.
 *
 * <p>Imports of probe: core.error, core.params, core.protocol, core.tcp, core.tls, core.units, model.
 * <br>Used by: bench, cli.bulk, cli.common, cli.disk, cli.lab, cli.monitor, cli.objstore, cli.qualify, cli.redo,
 * core.agent, core.bulk, core.client, core.disk, core.lab, core.monitor, core.nfs, core.objstore.client,
 * core.pathmtu, core.plan, core.qualify, core.redo, core.server.
 */
package dev.probe.core.result;
