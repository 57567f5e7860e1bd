package dev.probe.core.server;

import dev.probe.core.protocol.Auth;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.ProtocolException;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The control phase of a new connection: HELLO opens a session, JOIN adds a connection to one. With a shared
 * secret the request is answered with a CHALLENGE first and served only after a valid AUTH (see {@link Auth});
 * nothing of it is acted on before. {@link SessionAdmission} decides on the request; anything else, or nothing
 * within the handshake deadline, closes the connection. On success this handler replaces itself with the
 * session kind's data handler.
 */
final class ServerHandshakeHandler extends ChannelInboundHandlerAdapter {
    private final ServerContext server;
    private final SessionAdmission admission;
    private ScheduledFuture<?> deadline;
    private HandshakeState state = HandshakeState.AWAIT_REQUEST;
    private HandshakeAuth auth;

    ServerHandshakeHandler(ServerContext server) {
        this.server = server;
        this.admission = new SessionAdmission(server);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        long ms = server.config().handshakeTimeout().toMillis();
        deadline = ctx.executor().schedule(() -> {
            server.strangers().failed(ctx.channel(), "no HELLO or JOIN within " + ms + " ms", "closing "
                    + ctx.channel().remoteAddress() + ": no HELLO or JOIN within " + ms + " ms");
            ctx.close();
        }, ms, TimeUnit.MILLISECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (deadline != null) {
            deadline.cancel(false);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ControlFrame)) {
            ReferenceCountUtil.release(msg);
            throw new ProtocolException("expected " + state.expected() + ", got a "
                    + msg.getClass().getSimpleName() + " frame");
        }
        ControlFrame frame = (ControlFrame) msg;
        try {
            switch (state) {
                case AWAIT_REQUEST -> onRequest(ctx, frame);
                case AWAIT_AUTH -> onAuth(ctx, frame);
                default -> throw new ProtocolException("unexpected " + frame.type() + " after the handshake");
            }
        } catch (BadParameterException e) {
            refuse(ctx, new ErrorReply(ErrorCode.BAD_PARAMETER, e.getMessage()).frame());
        }
    }

    private void onRequest(ChannelHandlerContext ctx, ControlFrame frame) {
        if (frame.type() != FrameType.HELLO && frame.type() != FrameType.JOIN) {
            throw new ProtocolException("expected HELLO or JOIN, got " + frame.type());
        }
        Auth secret = server.config().security().auth();
        if (secret == null) {
            serve(ctx, frame, Handshake.randomId(), null);
            return;
        }
        auth = new HandshakeAuth(secret);
        state = HandshakeState.AWAIT_AUTH;
        ctx.writeAndFlush(auth.challenge(frame));
    }

    private void onAuth(ChannelHandlerContext ctx, ControlFrame frame) {
        if (frame.type() != FrameType.AUTH) {
            throw new ProtocolException("expected AUTH, got " + frame.type());
        }
        String proof = auth.verify(frame);
        if (proof == null) {
            long failures = server.authFailed();
            server.authLog().log("authentication failed from " + ctx.channel().remoteAddress() + " (" + failures
                    + " failure(s) since start)");
            long wait = server.authBackoffMillis(ctx.channel().remoteAddress());
            ctx.channel().config().setAutoRead(false);
            ctx.executor().schedule(() -> ctx.writeAndFlush(new ErrorReply(ErrorCode.AUTH, "authentication failed")
                    .frame()).addListener(ChannelFutureListener.CLOSE), wait, TimeUnit.MILLISECONDS);
            return;
        }
        serve(ctx, auth.pending(), auth.serverNonce(), proof);
    }

    private void serve(ChannelHandlerContext ctx, ControlFrame frame, String nonce, String proof) {
        String over = server.connections().prove(ctx.channel());
        if (over != null) {
            ConnectionLimit.refuse(ctx, over);
            return;
        }
        SessionAdmission.Decision d = frame.type() == FrameType.HELLO
                ? admission.hello(frame, ctx.channel(), nonce, proof)
                : admission.join(frame, ctx.channel(), proof);
        if (!d.admitted()) {
            refuse(ctx, d.reply());
            return;
        }
        state = HandshakeState.SERVING;
        SessionConnection c = new SessionConnection(server, d.session(), d.index(), ctx.channel());
        CompletableFuture<Void> prepared = d.session().admitted().prepare(c).toCompletableFuture();
        if (prepared.isDone() && !prepared.isCompletedExceptionally()) {
            start(ctx, d, c);
            return;
        }
        deadline.cancel(false);
        ctx.channel().config().setAutoRead(false);
        prepared.whenComplete((v, e) -> ctx.executor().execute(() -> {
            if (e != null) {
                Throwable cause = e instanceof CompletionException ? e.getCause() : e;
                c.closed(false, "not prepared: " + cause.getMessage());
                refuse(ctx, new ErrorReply(ErrorCode.INTERNAL, "server: " + cause.getMessage()).frame());
            } else if (ctx.channel().isActive()) {
                ctx.channel().config().setAutoRead(true);
                start(ctx, d, c);
            } else {
                c.closed(false, "closed before READY");
            }
        }));
    }

    private void start(ChannelHandlerContext ctx, SessionAdmission.Decision d, SessionConnection c) {
        ctx.writeAndFlush(d.reply());
        ctx.pipeline().replace(this, "data", d.session().admitted().handler(c));
    }

    private void refuse(ChannelHandlerContext ctx, ControlFrame error) {
        server.log().log("refused " + ctx.channel().remoteAddress() + ": " + error.body().path("message").asText());
        ctx.writeAndFlush(error).addListener(ChannelFutureListener.CLOSE);
        ctx.channel().config().setAutoRead(false);
    }
}
