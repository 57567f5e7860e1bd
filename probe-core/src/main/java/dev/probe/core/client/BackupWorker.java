package dev.probe.core.client;

import dev.probe.core.bulk.ChunkSource;
import dev.probe.core.bulk.PieceQueue;
import dev.probe.core.bulk.PieceSender;
import dev.probe.core.params.BulkParams;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Messages.Piece;
import dev.probe.core.protocol.Messages.PieceDone;
import io.netty.util.ReferenceCountUtil;

/**
 * A backup channel, like an RMAN channel writing backup pieces: takes a piece from the shared queue, announces
 * it, streams it while the socket drains, and takes the next only when the server's PIECE_DONE says the piece
 * is whole (and stored). Holding one piece at a time keeps a slow channel from hoarding pieces in its socket
 * buffers, so the run waits on it for at most one piece. By duration, the piece in progress is cut at a chunk
 * boundary at the deadline.
 */
final class BackupWorker extends BulkWorker {
    private final PieceSender sender;
    private final ChunkSource source;
    private boolean pumping;
    private boolean awaitingDone;

    BackupWorker(int index, ClientConnection connection, BulkParams params, PieceQueue queue, BulkCounters counters,
                 ChunkSource source) {
        super(index, connection, params, queue, counters);
        this.sender = new PieceSender(connection.channel);
        this.source = source;
    }

    @Override
    protected void begin() {
        pump();
    }

    @Override
    public void onWritable() {
        pump();
    }

    /**
     * Not re-entrant: a flush can report the channel writable again from inside {@link PieceSender#pump}; the
     * inner call returns at once and this loop goes on while the channel stays writable.
     */
    private void pump() {
        if (pumping) {
            return;
        }
        pumping = true;
        try {
            while (!finishing) {
                if (!sender.active()) {
                    if (awaitingDone) {
                        return;
                    }
                    long k = queue.take();
                    if (k < 0) {
                        finish();
                        return;
                    }
                    long length = params.pieceLength(k);
                    counters.startPiece(k);
                    channel.write(new Piece(k, length).frame(), channel.voidPromise());
                    sender.start(k, length, source);
                }
                counters.add(sender.pump(() -> !overtime()));
                if (overtime()) {
                    sender.stop();
                    finish();
                    return;
                }
                if (!sender.active()) {
                    awaitingDone = true;
                } else if (!channel.isWritable()) {
                    return;
                }
            }
        } finally {
            pumping = false;
        }
    }

    @Override
    public void onInbound(Object msg) {
        if (msg instanceof ControlFrame && ((ControlFrame) msg).type() == FrameType.PIECE_DONE) {
            PieceDone.from(((ControlFrame) msg).body());
            counters.pieceDone();
            awaitingDone = false;
            pump();
        } else {
            ReferenceCountUtil.release(msg);
            handler.fail(new ProbeException(ProbeException.Kind.PROTOCOL, "unexpected "
                    + msg.getClass().getSimpleName() + " from server on a backup channel"));
        }
    }
}
