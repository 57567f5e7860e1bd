/**
 * Typed user errors: bad input (exit 2) and what this host cannot do (exit 1).
 *
 * <p>Imports of probe: none.
 * <br>Used by: cli, cli.common, cli.disk, cli.lab, cli.monitor, cli.objstore, cli.qualify, cli.report, cli.server,
 * core.agent, core.client, core.lab, core.monitor, core.nfs, core.objstore, core.objstore.endpoint, core.plan,
 * core.protocol, core.qualify, core.result, core.server, core.tcp, core.tls, core.transport, core.units.
 */
package dev.probe.core.error;
