package dev.probe.core.client;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.Ending.End;
import dev.probe.core.protocol.Ending.Result;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.FrameType;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import java.util.ArrayDeque;

/**
 * One client connection's inbound side: answers control requests (one at a time) with the server's reply
 * (READY, JOINED, RESULT), passes everything else and writability to the connection's worker, and turns an
 * ERROR frame, a protocol error or a lost connection into the failure of whatever the connection was waiting
 * for, saying where the worker was.
 */
public final class ClientConnectionHandler extends ChannelInboundHandlerAdapter {
    /** The channel's handler, kept on the channel (the pipeline is emptied when the channel closes). */
    static final AttributeKey<ClientConnectionHandler> KEY = AttributeKey.valueOf("probe.connection");
    private ChannelHandlerContext ctx;
    private Promise<ControlFrame> pending;
    private Promise<Result> outcome;
    private Worker worker;
    /** Control frames after the handshake and before the worker is attached (at most {@link #MAX_EARLY}). */
    private final ArrayDeque<Object> early = new ArrayDeque<>();
    private static final int MAX_EARLY = 16;

    /** A new handler, kept on {@code channel} for {@link ClientConnection}. */
    static ClientConnectionHandler attachTo(Channel channel) {
        ClientConnectionHandler h = new ClientConnectionHandler();
        channel.attr(KEY).set(h);
        return h;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.outcome = ctx.executor().newPromise();
    }

    /** Sends {@code frame} and completes with the server's reply (READY, JOINED or RESULT). Any thread. */
    Future<ControlFrame> request(ControlFrame frame) {
        Promise<ControlFrame> p = ctx.executor().newPromise();
        ctx.executor().execute(() -> {
            if (outcome.cause() != null) {
                p.tryFailure(outcome.cause());
                return;
            }
            pending = p;
            ctx.writeAndFlush(frame).addListener(f -> {
                if (!f.isSuccess()) {
                    p.tryFailure(ClientFailures.describe(tlsCauseOr(f.cause())));
                }
            });
        });
        return p;
    }

    /**
     * Sends END with the sender's counts; the server's RESULT completes this connection's outcome, after
     * {@code beforeResult} has run (e.g. to note the time). Any thread.
     */
    public void end(End end, Runnable beforeResult) {
        request(end.frame()).addListener(f -> {
            if (!f.isSuccess()) {
                fail(f.cause());
                return;
            }
            Result result;
            try {
                result = Result.from(((ControlFrame) f.getNow()).body());
            } catch (BadParameterException e) {
                fail(new ProbeException(ProbeException.Kind.PROTOCOL, "bad RESULT from server: " + e.getMessage()));
                return;
            }
            beforeResult.run();
            outcome.trySuccess(result);
        });
    }

    /** Completes when this connection's part of the test has its RESULT, or fails. */
    public Promise<Result> outcome() {
        return outcome;
    }

    /**
     * Attaches and starts the worker of the data phase, on the event loop, and hands it the control frames that
     * came before it (a server may refuse right after READY).
     */
    public void start(Worker w, long t0) {
        ctx.executor().execute(() -> {
            worker = w;
            w.start(t0);
            for (Object m; (m = early.poll()) != null;) {
                w.onInbound(m);
            }
        });
    }

    public void fail(Throwable cause) {
        ProbeException e = ClientFailures.describe(tlsCauseOr(cause));
        String where = worker == null ? null : worker.context();
        if (where != null && !outcome.isDone()) {
            e = new ProbeException(e.kind(), where + ": " + e.getMessage());
        }
        if (pending != null) {
            pending.tryFailure(e);
            pending = null;
        }
        if (outcome.tryFailure(e) && worker != null) {
            worker.stop();
        }
        ctx.close();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        FrameType type = msg instanceof ControlFrame ? ((ControlFrame) msg).type() : null;
        if (type == FrameType.ERROR) {
            ErrorReply err = ErrorReply.from(((ControlFrame) msg).body());
            fail(ProbeException.fromServer(err.code(), err.message()));
        } else if (pending != null && (type == FrameType.READY || type == FrameType.JOINED || type == FrameType.RESULT
                || type == FrameType.CHALLENGE)) {
            Promise<ControlFrame> p = pending;
            pending = null;
            p.trySuccess((ControlFrame) msg);
        } else if (worker != null) {
            worker.onInbound(msg);
        } else if (pending == null && msg instanceof ControlFrame && early.size() < MAX_EARLY) {
            early.add(msg);
        } else {
            ReferenceCountUtil.release(msg);
            fail(new ProbeException(ProbeException.Kind.PROTOCOL, "unexpected " + msg.getClass().getSimpleName()
                    + " from server"));
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (worker != null && ctx.channel().isWritable()) {
            worker.onWritable();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        fail(new ProbeException(ProbeException.Kind.LOST, "server closed the connection"));
    }

    /**
     * A failed TLS handshake is the reason for whatever fails after it (a closed channel, a failed write), so it
     * is reported instead of them, whichever event arrives first.
     */
    private Throwable tlsCauseOr(Throwable cause) {
        SslHandler tls = ctx == null ? null : ctx.pipeline().get(SslHandler.class);
        if (tls != null && tls.handshakeFuture().isDone() && !tls.handshakeFuture().isSuccess()) {
            return tls.handshakeFuture().cause();
        }
        return cause;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(ClientFailures.describe(cause));
    }
}
