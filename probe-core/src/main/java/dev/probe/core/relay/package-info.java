/**
 * A Far Sync's or cascading standby's part in a plan: a received stream forwarded to its next hops.
 *
 * <p>Holds: a Far Sync's or cascading standby's part in a plan, served by {@code probe agent}
 * ({@code app.ProbeServer.startAgent} plugs it in): {@code RelayKind} ("relay" sessions; {@code RelayParams} = the
 * test received and its {@code Next} hops, each within the agent's {@code AllowedTargets}, each with its production
 * rate) opens a {@code Downstream} per next hop (an ASYNC test on a thread of its own, via {@code ClientRun}) before
 * READY, then {@code RelayHandler} puts redo's own receiving handler after itself (counts, ACKs, AFFIRM's write to
 * rings of the agent's own) and hands each message to every {@code Downstream} (no faster than its hop's schedule; the
 * excess held and counted), sends {@code protocol.Relayed} (RELAYED frames) every interval and, after the next hops'
 * RESULTs, once more before RESULT.
 *
 * <p>Imports of probe: core.agent, core.client, core.params, core.protocol, core.redo, core.server, core.tcp,
 * core.units.
 * <br>Used by: core.app.
 */
package dev.probe.core.relay;
