/**
 * The wire protocol: frames, their codec, control messages, authentication, the one JSON mapper; every length
 * bounded.
 *
 * <p>Holds: {@code Frames} (constants, header), {@code FrameDecoder}/{@code FrameEncoder}, {@code ControlFrame},
 * {@code DataChunk}, {@code Ack}, {@code Mark}, message groups ({@code SenderTcp}: a reverse test's server's TCP_INFO
 * every interval), {@code Auth} (HMAC), {@code Json} (the one mapper + typed field reads),
 * {@code BadParameterException}.
 *
 * <p>Imports of probe: core.error, core.tcp, core.units.
 * <br>Used by: bench, cli, cli.bulk, cli.common, cli.lab, cli.monitor, cli.qualify, cli.redo, cli.report,
 * core.agent, core.bulk, core.client, core.disk, core.lab, core.monitor, core.nfs, core.objstore,
 * core.objstore.client, core.objstore.endpoint, core.params, core.pathmtu, core.payload, core.plan, core.qualify,
 * core.redo, core.relay, core.result, core.server.
 */
package dev.probe.core.protocol;
