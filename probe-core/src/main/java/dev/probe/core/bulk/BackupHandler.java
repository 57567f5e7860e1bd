package dev.probe.core.bulk;

import dev.probe.core.payload.IntegrityException;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.Pieces.Piece;
import dev.probe.core.protocol.Pieces.PieceDone;
import dev.probe.core.server.ReadGate;
import dev.probe.core.server.SessionConnection;

/**
 * One backup channel on the server: receives each announced piece, verifies it chunk by chunk, stores it
 * (with {@code --dir}) and answers PIECE_DONE once it is whole (and on disk). A corrupt chunk ends the channel
 * with ERROR INTEGRITY naming the piece and byte range.
 */
final class BackupHandler extends BulkChannelHandler {
    private final ReadGate gate;
    private final PieceReceiver receiver;
    private final PieceWriter writer;

    BackupHandler(SessionConnection connection, PieceReceiver receiver, PieceWriter writer) {
        super(connection);
        this.gate = connection.gate();
        this.receiver = receiver;
        this.writer = writer;
    }

    @Override
    protected boolean acceptsData() {
        return true;
    }

    @Override
    protected void onPiece(Piece p) {
        receiver.begin(p.piece(), p.length());
        String full = writer == null ? null : writer.begin(p.piece(), p.length());
        if (full != null) {
            connection.log().log("session " + session.shortId() + ": " + full);
            stop(new ErrorReply(ErrorCode.LIMIT, full));
        }
    }

    @Override
    protected void onData(DataChunk chunk) {
        counters.onBytes(chunk.content().readableBytes());
        gate.charge(session.rateCap(), chunk.content().readableBytes());
        boolean done;
        try {
            done = receiver.accept(chunk);
        } catch (IntegrityException e) {
            chunk.release();
            connection.log().log("session " + session.shortId() + ": " + e.getMessage());
            stop(new ErrorReply(ErrorCode.INTEGRITY, e.getMessage()));
            return;
        }
        if (writer != null) {
            writer.write(chunk);
        } else {
            chunk.release();
        }
        if (done) {
            long k = receiver.piece();
            Integer crc = receiver.pieceCrc();
            pieces++;
            counters.onMessage();
            Runnable ack = () -> ctx.writeAndFlush(new PieceDone(k, params.pieceLength(k), params.verify(), crc)
                    .frame(),
                    ctx.voidPromise());
            if (writer != null) {
                writer.end(k, ack);
            } else {
                ack.run();
            }
        }
    }

    @Override
    protected void onEnd() {
        if (receiver.active() && writer != null) {
            writer.abort();
        }
        Runnable reply = () -> reply(counters.result().bytesReceived(), 0);
        if (writer != null) {
            writer.afterPending(reply);
        } else {
            reply.run();
        }
    }

    @Override
    protected void onClosed() {
        if (writer != null) {
            writer.abort();
        }
    }
}
