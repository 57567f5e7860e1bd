/**
 * The client side every feature shares: where to connect and how (Target), the handshake, heartbeats, typed
 * failures.
 *
 * <p>Holds: {@code Target} (where and how; its {@code Egress}: {@code --bind} source address and {@code --dscp}, and a
 * path-MTU probe's TCP_MAXSEG), {@code HostPort} (HOST[:PORT] as typed: {@code --from}, {@code --to},
 * {@code /probe?target=}), {@code Heartbeat} (the wait of a client on a connection silent both ways: a ping every 10
 * s), {@code AllowedTargets} (where an agent or a monitor's {@code /probe} may send: names, addresses, CIDR ranges),
 * {@code ClientRun} (group, HELLO/JOIN, data phase, close), {@code Connector}, {@code ClientConnectionHandler},
 * {@code Worker}, {@code RunStop} (a run ended early on request: its result marked incomplete).
 *
 * <p>Imports of probe: core.error, core.params, core.protocol, core.result, core.transport, core.units.
 * <br>Used by: cli, cli.common, cli.monitor, cli.objstore, cli.qualify, cli.redo, cli.server, core.agent, core.bulk,
 * core.disk, core.monitor, core.nfs, core.objstore.client, core.pathmtu, core.plan, core.qualify, core.redo,
 * core.relay.
 */
package dev.probe.core.client;
