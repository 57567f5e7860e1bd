/**
 * What every command shares: option groups, consoles, output files, the one error line, JSON writing, the lab's
 * warnings for {@code lab run}.
 *
 * <p>Holds: the mixins ({@code RouteOptions}: {@code --bind}/{@code --dscp} for the connect options and objstore,
 * {@code EndpointOptions}, {@code OutputOptions}, {@code RunShapeOptions}, {@code RunIdOption},
 * {@code JsonStreamOption}: {@code --json-stream FILE|-} for client, bulk, objstore, qualify, sweep and monitor),
 * converters, exit codes, {@code BulkConsole} (bulk and objstore summaries), {@code FanoutOptions} +
 * {@code FanoutConsole} ({@code --from}: the coordinator's console and streamed {@code --json}, shared by client, bulk
 * and objstore), {@code OciConfigFile}, {@code TransportChoice} (reads {@code -Dprobe.transport} when a config is
 * built), {@code LeanJvm} (restarts {@code server}/{@code agent} in place on a small serial-GC heap),
 * {@code ConnectOptions} (port + {@code PeerOptions}: timeouts, secret, TLS; {@code EndpointOptions} adds HOST and
 * {@code --sockbuf}; {@code objstore --from} reaches its agents with {@code PeerOptions} alone), {@code OutputPaths}
 * (result paths checked before a run starts), {@code Pacing} ({@code --rate} as messages/s or a byte rate),
 * {@code Interrupts} (SIGINT/SIGTERM during a client, bulk or objstore run, or a fan-out: end it early, print and
 * write the result marked incomplete, exit 130/143), {@code LabCheck} (a run under {@code lab run}, or the reverse
 * pass of {@code qualify --both-directions}, warned when its data misses the lab's lossy direction).
 *
 * <p>Imports of probe: cli, core.agent, core.bulk, core.client, core.error, core.lab, core.params, core.payload,
 * core.protocol, core.result, core.tls, core.transport, core.units.
 * <br>Used by: cli, cli.bulk, cli.disk, cli.lab, cli.monitor, cli.objstore, cli.qualify, cli.redo, cli.report,
 * cli.server.
 */
package dev.probe.cli.common;
