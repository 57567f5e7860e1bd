/**
 * What every command shares: option groups, consoles, output files, the one error line, JSON writing, the lab's
 * warnings for {@code lab run}.
 *
 * <p>Imports of probe: cli, core.agent, core.bulk, core.client, core.error, core.lab, core.params, core.payload,
 * core.protocol, core.result, core.tls, core.transport, core.units.
 * <br>Used by: cli, cli.bulk, cli.disk, cli.lab, cli.monitor, cli.objstore, cli.qualify, cli.redo, cli.report,
 * cli.server.
 */
package dev.probe.cli.common;
