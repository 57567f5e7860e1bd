/**
 * The probe server: bind, admit, authenticate, dispatch sessions by kind, keep its limits.
 *
 * <p>Holds: {@code ProbeListener} binds the port; {@code ServerInitializer} owns pipeline order (TLS detect, idle,
 * codec, limit, handshake, errors); {@code ServerHandshakeHandler} + {@code SessionAdmission} + {@code HandshakeAuth}
 * (+ {@code AuthBackoff}: failed authentications answered ever later); {@code ConnectionLimit} on
 * {@code UnprovenConnections} (a handshaking connection's own small budget, oldest of the address holding the most
 * evicted) and {@code SourceCounts} (caps in all and per source address on authenticated connections);
 * {@code HttpGuard} (the same for an HTTP port: the endpoint's and the monitor's); {@code LogThrottle} (a line of a
 * kind at most once a second); {@code PeerFailures} (connections that never proved themselves and failed: the first of
 * a kind per address in full, then one count line per address and kind a minute, so a stranger cannot fill the log);
 * {@code Fatal} (an OutOfMemoryError ends the process, exit 70: pipelines' ends, dying threads, and every Throwable
 * Netty logs, through a proxy on its loggers); {@code DiskQueue} (a connection's disk work on a disk thread; its reads
 * stop past 8 MiB queued) within {@code DiskBacklog} (all queues together, 64 MiB); {@code SpaceBudget} (the bytes
 * kept under {@code --dir} across runs and kinds: bulk pieces, disk-check files, an endpoint file store there);
 * {@code SessionRegistry}/{@code ServerSession} ({@code whenEnded}: a feature's action when a session's last
 * connection closes); {@code WorkSessionHandler} (a session whose work runs off the event loop and streams frames
 * back: refusal, cancel on close; the agent's and the disk check's handlers); {@code SessionKind<S>} (typed by the
 * {@code SessionSpec} its {@code parse} makes, which {@code refusal}, READY's {@code storage} and {@code content},
 * {@code prepare} (work READY waits for, off the event loop) and {@code handler} are given without a cast; the server
 * holds the pair as {@code Admitted}) and {@code SessionConnection} are what a feature sees.
 *
 * <p>Imports of probe: core.error, core.params, core.protocol, core.result, core.tcp, core.transport, core.units.
 * <br>Used by: cli.monitor, cli.redo, cli.server, core.agent, core.app, core.bulk, core.disk, core.monitor,
 * core.nfs, core.objstore.endpoint, core.redo, core.relay.
 */
package dev.probe.core.server;
