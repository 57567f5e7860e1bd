package dev.probe.core.bulk;

import dev.probe.core.protocol.Pieces.Piece;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.server.SessionConnection;
import io.netty.channel.ChannelHandlerContext;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * One restore channel on the server: streams each requested piece, read back from the store or generated,
 * as fast as the channel drains (and the session's rate cap allows); at most four requests wait at once.
 */
final class RestoreHandler extends BulkChannelHandler {
    private static final int MAX_QUEUED_REQUESTS = 4;

    private final PieceSender sender;
    private final RestoreSource source;
    private final ArrayDeque<Piece> requests = new ArrayDeque<>();
    private boolean capped;
    private long bytesSent;

    RestoreHandler(SessionConnection connection, PieceSender sender, RestoreSource source) {
        super(connection);
        this.sender = sender;
        this.source = source;
    }

    @Override
    protected boolean acceptsData() {
        return false;
    }

    @Override
    protected void onPiece(Piece p) {
        if (requests.size() >= MAX_QUEUED_REQUESTS) {
            throw new ProtocolException("more than " + MAX_QUEUED_REQUESTS + " restore pieces requested at once");
        }
        requests.add(p);
        pump();
    }

    private void pump() {
        sender.run(this::startNext, () -> !ended && !capped, n -> {
            bytesSent += n;
            counters.onBytes(n);
            long wait = session.rateCap() == null ? 0 : session.rateCap().take(n);
            if (wait > 0) {
                capped = true;
                ctx.executor().schedule(() -> {
                    capped = false;
                    pump();
                }, wait, TimeUnit.NANOSECONDS);
            }
        }, () -> {
            pieces++;
            counters.onMessage();
        });
    }

    private boolean startNext(PieceSender s) {
        Piece next = requests.poll();
        if (next == null) {
            return false;
        }
        s.start(next.piece(), next.length(), source.forPiece(next.piece(), next.length()));
        return true;
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        if (context.channel().isWritable()) {
            pump();
        }
        context.fireChannelWritabilityChanged();
    }

    @Override
    protected void onEnd() {
        requests.clear();
        sender.stop();
        reply(0, bytesSent);
    }
}
