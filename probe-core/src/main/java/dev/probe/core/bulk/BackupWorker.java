package dev.probe.core.bulk;

import dev.probe.core.client.ClientConnection;
import dev.probe.core.client.ProbeException;
import dev.probe.core.params.BulkParams;
import dev.probe.core.payload.PieceQueue;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Pieces.Piece;
import dev.probe.core.protocol.Pieces.PieceDone;
import io.netty.util.ReferenceCountUtil;
import java.util.zip.CRC32C;

/**
 * A backup channel, like an RMAN channel writing backup pieces: takes a piece from the shared queue, announces
 * it, streams it while the socket drains, and takes the next only when the server's PIECE_DONE says the piece
 * is whole (and stored). Holding one piece at a time keeps a slow channel from hoarding pieces in its socket
 * buffers, so the run waits on it for at most one piece. By duration, the piece in progress is cut at a chunk
 * boundary at the deadline. Content the server cannot derive (a user's file) is checked here instead: the
 * server's PIECE_DONE carries the CRC32C of the piece it received, which must be that of the piece sent.
 */
final class BackupWorker extends BulkWorker {
    private final PieceSender sender;
    private final ChunkSource source;
    /** The CRC32C of the piece being sent (what {@code source} saw), kept when the server cannot check the content; else null. */
    private final CRC32C sent;
    private boolean awaitingDone;

    BackupWorker(int index, ClientConnection connection, BulkParams params, PieceQueue queue, BulkCounters counters,
                 ChunkSource source, CRC32C sent) {
        super(index, connection, params, queue, counters);
        this.sender = new PieceSender(connection.channel());
        this.source = source;
        this.sent = sent;
    }

    @Override
    protected void begin() {
        pump();
    }

    @Override
    public void onWritable() {
        pump();
    }

    @Override
    void endNow() {
        pump();
    }

    private void pump() {
        sender.run(this::startNext, () -> !finishing && !overtime(), counters::add, () -> awaitingDone = true);
        if (overtime() && !finishing) {
            sender.stop();
            finish();
        }
    }

    private boolean startNext(PieceSender s) {
        if (awaitingDone) {
            return false;
        }
        long k = queue.take();
        if (k < 0) {
            finish();
            return false;
        }
        long length = params.pieceLength(k);
        counters.startPiece(k);
        channel.write(new Piece(k, length).frame(), channel.voidPromise());
        if (sent != null) {
            sent.reset();
        }
        s.start(k, length, source);
        return true;
    }

    private static String crcText(Integer crc) {
        return crc == null ? "none" : String.format("%08x", crc);
    }

    @Override
    public void onInbound(Object msg) {
        if (msg instanceof ControlFrame && ((ControlFrame) msg).type() == FrameType.PIECE_DONE) {
            PieceDone done = PieceDone.from(((ControlFrame) msg).body());
            if (sent != null && (done.crc32c() == null || done.crc32c() != (int) sent.getValue())) {
                handler.fail(new ProbeException(ProbeException.Kind.INTEGRITY, "piece " + done.piece()
                        + " (channel " + index + "): the server received CRC32C " + crcText(done.crc32c())
                        + ", but the piece sent has " + crcText((int) sent.getValue())));
                return;
            }
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
