package dev.probe.core.client;

import dev.probe.core.protocol.Ack;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Messages.ErrorReply;
import dev.probe.core.protocol.Messages.Result;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.transport.IoErrors;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import java.io.IOException;

/**
 * One client connection's inbound side: answers control requests (one at a time) with the server's reply,
 * passes ACKs and writability to the connection's sender, and turns an ERROR frame, a protocol error or a
 * lost connection into the failure of whatever the connection was waiting for.
 */
final class ClientConnectionHandler extends ChannelInboundHandlerAdapter {
    private ChannelHandlerContext ctx;
    private Promise<ControlFrame> pending;
    private Promise<Result> outcome;
    private Sender sender;

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.outcome = ctx.executor().newPromise();
    }

    /** Sends {@code frame} and completes with the server's reply (READY, JOINED or RESULT). Any thread. */
    Future<ControlFrame> request(ControlFrame frame) {
        Promise<ControlFrame> p = ctx.executor().newPromise();
        ctx.executor().execute(() -> {
            pending = p;
            ctx.writeAndFlush(frame).addListener(f -> {
                if (!f.isSuccess()) {
                    p.tryFailure(lost(f.cause()));
                }
            });
        });
        return p;
    }

    /** Completes when this connection's part of the test has its RESULT, or fails. */
    Promise<Result> outcome() {
        return outcome;
    }

    /** Attaches the sender that will receive ACKs; called on the event loop before it starts. */
    void attach(Sender s) {
        this.sender = s;
    }

    void fail(Throwable cause) {
        ProbeException e = cause instanceof ProbeException ? (ProbeException) cause : lost(cause);
        if (pending != null) {
            pending.tryFailure(e);
            pending = null;
        }
        if (outcome.tryFailure(e) && sender != null) {
            sender.stop();
        }
        ctx.close();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Ack && sender != null) {
            sender.onAck((Ack) msg);
        } else if (msg instanceof ControlFrame && ((ControlFrame) msg).type() == FrameType.ERROR) {
            ErrorReply err = ErrorReply.from(((ControlFrame) msg).body());
            fail(ProbeException.fromServer(err.code(), err.message()));
        } else if (msg instanceof ControlFrame && pending != null) {
            Promise<ControlFrame> p = pending;
            pending = null;
            p.trySuccess((ControlFrame) msg);
        } else {
            ReferenceCountUtil.release(msg);
            fail(new ProbeException(ProbeException.Kind.PROTOCOL, "unexpected " + msg.getClass().getSimpleName()
                    + " from server"));
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (sender != null && ctx.channel().isWritable()) {
            sender.onWritable();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        fail(new ProbeException(ProbeException.Kind.LOST, "server closed the connection"));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (root instanceof ProtocolException || root instanceof DecoderException) {
            fail(new ProbeException(ProbeException.Kind.PROTOCOL, "bad reply from server: " + root.getMessage()));
        } else {
            fail(root);
        }
    }

    private static ProbeException lost(Throwable cause) {
        String why = cause instanceof IOException ? IoErrors.describe(cause) : String.valueOf(cause);
        return new ProbeException(ProbeException.Kind.LOST, "connection to server lost: " + why);
    }
}
