/**
 * Bulk runs: parallel channels moving a volume in pieces, like RMAN backup and restore, every chunk verified.
 *
 * <p>Imports of probe: core.client, core.params, core.payload, core.protocol, core.result, core.server, core.tcp,
 * core.tls, core.transport, core.units.
 * <br>Used by: cli.bulk, cli.common, cli.redo, cli.report, core.agent, core.app, core.qualify.
 */
package dev.probe.core.bulk;
