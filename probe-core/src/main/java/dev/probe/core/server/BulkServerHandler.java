package dev.probe.core.server;

import dev.probe.core.bulk.IntegrityException;
import dev.probe.core.bulk.PieceReceiver;
import dev.probe.core.bulk.PieceSender;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Messages.End;
import dev.probe.core.protocol.Messages.ErrorCode;
import dev.probe.core.protocol.Messages.ErrorReply;
import dev.probe.core.protocol.Messages.Piece;
import dev.probe.core.protocol.Messages.PieceDone;
import dev.probe.core.protocol.Messages.Result;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.tcp.TcpInfoReader;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * One bulk channel on the server. Backup: receives each announced piece, verifies it chunk by chunk, stores
 * it (with {@code --dir}) and answers PIECE_DONE. Restore: streams each requested piece, generated or read back
 * from the store, as fast as the channel drains. END is answered with RESULT: the server's counts and TCP_INFO.
 */
final class BulkServerHandler extends ChannelInboundHandlerAdapter {
    private static final int MAX_QUEUED_REQUESTS = 4;

    private final SessionRegistry registry;
    private final ServerSession session;
    private final int index;
    private final BulkParams params;
    private final ReceiveCounters counters;
    private final ReadGate gate;
    private final PieceReceiver receiver;
    private final PieceWriter writer;
    private final PieceSender sender;
    private final RestoreSource source;
    private final ArrayDeque<Piece> requests = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private boolean ended;
    private boolean capped;
    private long pieces;
    private long bytesSent;

    BulkServerHandler(SessionRegistry registry, ServerSession session, int index, ReadGate gate, PieceReceiver receiver,
                      PieceWriter writer, PieceSender sender, RestoreSource source) {
        this.gate = gate;
        this.registry = registry;
        this.session = session;
        this.index = index;
        this.params = (BulkParams) session.spec();
        this.counters = session.counters(index);
        this.receiver = receiver;
        this.writer = writer;
        this.sender = sender;
        this.source = source;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
        if (params.congestion() != null) {
            try {
                TcpInfoReader.setCongestionControl(context.channel(), params.congestion());
            } catch (IllegalStateException e) {
                registry.log().log("session " + session.shortId() + " channel " + index
                        + " keeps its default congestion control: " + e.getMessage());
            }
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        boolean backup = params.direction() == Direction.BACKUP;
        if (msg instanceof DataChunk && backup && !ended) {
            onData((DataChunk) msg);
        } else if (msg instanceof ControlFrame && !ended && ((ControlFrame) msg).type() == FrameType.PIECE) {
            Piece p = checked(Piece.from(((ControlFrame) msg).body()));
            if (backup) {
                receiver.begin(p.piece(), p.length());
                if (writer != null) {
                    writer.begin(p.piece());
                }
            } else {
                onRequest(p);
            }
        } else if (msg instanceof ControlFrame && !ended && ((ControlFrame) msg).type() == FrameType.END) {
            onEnd(End.from(((ControlFrame) msg).body()));
        } else {
            ReferenceCountUtil.release(msg);
            throw new ProtocolException("unexpected " + (msg instanceof ControlFrame ? ((ControlFrame) msg).type()
                    : msg.getClass().getSimpleName()) + " frame on a bulk " + params.direction().wireName() + " channel");
        }
    }

    private Piece checked(Piece p) {
        if (p.piece() >= params.pieceCount() || p.length() != params.pieceLength(p.piece())) {
            throw new ProtocolException("piece " + p.piece() + " of " + p.length() + " bytes does not fit the run ("
                    + params.pieceCount() + " pieces of " + params.pieceSize() + " bytes)");
        }
        return p;
    }

    private void onData(DataChunk chunk) {
        counters.onBytes(chunk.content().readableBytes());
        gate.charge(session.rateCap(), chunk.content().readableBytes());
        boolean done;
        try {
            done = receiver.accept(chunk);
        } catch (IntegrityException e) {
            chunk.release();
            registry.log().log("session " + session.shortId() + ": " + e.getMessage());
            ctx.channel().config().setAutoRead(false);
            ctx.writeAndFlush(new ErrorReply(ErrorCode.INTEGRITY, e.getMessage()).frame())
                    .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        if (writer != null) {
            writer.write(chunk);
        } else {
            chunk.release();
        }
        if (done) {
            long k = receiver.piece();
            pieces++;
            counters.onMessage();
            Runnable ack = () -> ctx.writeAndFlush(new PieceDone(k, params.pieceLength(k), params.verify()).frame(),
                    ctx.voidPromise());
            if (writer != null) {
                writer.end(k, ack);
            } else {
                ack.run();
            }
        }
    }

    private void onRequest(Piece p) {
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
                }, wait, java.util.concurrent.TimeUnit.NANOSECONDS);
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
        if (context.channel().isWritable() && params.direction() == Direction.RESTORE) {
            pump();
        }
        context.fireChannelWritabilityChanged();
    }

    private void onEnd(End end) {
        ended = true;
        requests.clear();
        sender.stop();
        if (receiver.active() && writer != null) {
            writer.abort();
        }
        Runnable reply = () -> {
            Result counts = counters.result();
            long received = params.direction() == Direction.BACKUP ? counts.bytesReceived() : 0;
            ctx.writeAndFlush(new Result(received, pieces, counts.measuredBytes(),
                    counts.measuredNanos(), bytesSent, pieces, TcpInfoReader.read(ctx.channel()).orElse(null),
                    TcpInfoReader.congestionControl(ctx.channel()).orElse(null)).frame());
        };
        if (writer != null) {
            writer.afterPending(reply);
        } else {
            reply.run();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        if (writer != null) {
            writer.abort();
        }
        registry.connectionClosed(session, index, ended, "closed before END");
        context.fireChannelInactive();
    }
}
