/**
 * Redo tests: sync (each message waits for its ACK) and async (streaming), both sides.
 *
 * <p>Holds: {@code RedoClient}/{@code RedoConfig}, {@code SyncSender}/{@code AsyncSender} (base {@code Sender}; each
 * message written by a {@code DataWriter}, streamed by a {@code Pump}: full pipe or paced, shared with the server's
 * reverse side), {@code Receiver} (a reverse test's client: counts what the server sends), {@code IntervalReporter};
 * server side {@code RedoKind} → {@code RedoServerHandler} (+ {@code DiskWriter} for {@code --write}, in place into a
 * ring of {@code RedoLogs}: at most 8 rings beside {@code --file}, each written through once before READY
 * ({@code SessionKind.prepare}) and reused, as a standby's preallocated redo logs), or {@code ReverseHandler} for a
 * reverse test ({@code TestParams.reverse}: the server streams, READY's {@code content} says so).
 *
 * <p>Imports of probe: core.client, core.params, core.payload, core.protocol, core.result, core.server, core.tcp,
 * core.tls, core.transport, core.units.
 * <br>Used by: bench, cli.redo, core.agent, core.app, core.monitor, core.pathmtu, core.plan, core.qualify,
 * core.relay.
 */
package dev.probe.core.redo;
