/**
 * Bulk runs: parallel channels moving a volume in pieces, like RMAN backup and restore, every chunk verified.
 *
 * <p>Holds: {@code BulkClient}/{@code BulkConfig}, {@code BackupWorker}/{@code RestoreWorker}, pieces
 * ({@code ChunkSource}: each chunk written as one DATA frame, generated or stored; {@code payload.PieceQueue},
 * {@code PieceSender}, {@code PieceReceiver}); server side {@code BulkKind} → {@code BackupHandler} or
 * {@code RestoreHandler} (base {@code BulkChannelHandler}), {@code PieceStore} (pieces and the run's
 * {@code content.json})/{@code PieceWriter}/{@code RestoreSource}.
 *
 * <p>Imports of probe: core.client, core.params, core.payload, core.protocol, core.result, core.server, core.tcp,
 * core.tls, core.transport, core.units.
 * <br>Used by: cli.bulk, cli.common, cli.redo, cli.report, core.agent, core.app, core.qualify.
 */
package dev.probe.core.bulk;
