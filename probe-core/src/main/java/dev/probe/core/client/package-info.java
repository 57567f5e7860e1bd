/**
 * The client side every feature shares: where to connect and how (Target), the handshake, heartbeats, typed
 * failures.
 *
 * <p>Imports of probe: core.error, core.params, core.protocol, core.result, core.transport, core.units.
 * <br>Used by: cli, cli.common, cli.monitor, cli.objstore, cli.qualify, cli.redo, cli.server, core.agent, core.bulk,
 * core.disk, core.monitor, core.nfs, core.objstore.client, core.pathmtu, core.plan, core.qualify, core.redo,
 * core.relay.
 */
package dev.probe.core.client;
