package dev.probe.core.bulk;

import dev.probe.core.client.ClientConnection;
import dev.probe.core.client.ProbeException;
import dev.probe.core.params.BulkParams;
import dev.probe.core.payload.IntegrityException;
import dev.probe.core.payload.PieceQueue;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.Pieces.Piece;
import io.netty.util.ReferenceCountUtil;

/**
 * A restore channel: requests the next piece from the shared queue, receives and verifies it chunk by chunk
 * (nothing stored), then requests the next. By duration, it sends END at the deadline and keeps counting what
 * is still on its way until the server's RESULT.
 */
final class RestoreWorker extends BulkWorker {
    private final PieceReceiver receiver;

    RestoreWorker(int index, ClientConnection connection, BulkParams params, PieceQueue queue, BulkCounters counters,
                  PieceReceiver receiver) {
        super(index, connection, params, queue, counters);
        this.receiver = receiver;
        PieceReceiver.reads(channel, params);
    }

    @Override
    protected void begin() {
        request();
    }

    private void request() {
        long k = queue.take();
        if (k < 0) {
            finish();
            return;
        }
        long length = params.pieceLength(k);
        receiver.begin(k, length);
        counters.startPiece(k);
        channel.writeAndFlush(new Piece(k, length).frame(), channel.voidPromise());
    }

    @Override
    public void onWritable() {
    }

    @Override
    public void onInbound(Object msg) {
        if (!(msg instanceof DataChunk)) {
            ReferenceCountUtil.release(msg);
            handler.fail(new ProbeException(ProbeException.Kind.PROTOCOL, "unexpected "
                    + msg.getClass().getSimpleName() + " from server on a restore channel"));
            return;
        }
        DataChunk data = (DataChunk) msg;
        boolean done;
        try {
            done = receiver.accept(data);
        } catch (IntegrityException e) {
            handler.fail(new ProbeException(ProbeException.Kind.INTEGRITY, e.getMessage()));
            return;
        } finally {
            counters.add(data.content().readableBytes());
            data.release();
        }
        if (done) {
            counters.pieceDone();
        }
        if (finishing) {
            return;
        }
        if (overtime()) {
            finish();
        } else if (done) {
            request();
        }
    }
}
