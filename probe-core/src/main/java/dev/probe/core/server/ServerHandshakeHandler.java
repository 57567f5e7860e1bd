package dev.probe.core.server;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.protocol.Auth;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Handshake.AuthAnswer;
import dev.probe.core.protocol.Handshake.Challenge;
import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.Handshake.Hello;
import dev.probe.core.protocol.Handshake.Join;
import dev.probe.core.protocol.Handshake.Joined;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.protocol.ProtocolException;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The control phase of a new connection: HELLO opens a session, JOIN adds a connection to one. With a shared
 * secret the request is answered with a CHALLENGE first and served only after a valid AUTH (see {@link Auth});
 * nothing of it is acted on before. Range checks and the server's limits come next. Anything else, or nothing
 * within the handshake deadline, closes the connection. On success this handler replaces itself with the
 * session's data handler.
 */
final class ServerHandshakeHandler extends ChannelInboundHandlerAdapter {
    private final ServerContext server;
    private ScheduledFuture<?> deadline;
    private HandshakeState state = HandshakeState.AWAIT_REQUEST;
    private ControlFrame pending;
    private String serverNonce;

    ServerHandshakeHandler(ServerContext server) {
        this.server = server;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        long ms = server.config().handshakeTimeout().toMillis();
        deadline = ctx.executor().schedule(() -> {
            server.log().log("closing " + ctx.channel().remoteAddress() + ": no HELLO or JOIN within " + ms + " ms");
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
            refuse(ctx, ErrorCode.BAD_PARAMETER, e.getMessage());
        }
    }

    private void onRequest(ChannelHandlerContext ctx, ControlFrame frame) {
        if (frame.type() != FrameType.HELLO && frame.type() != FrameType.JOIN) {
            throw new ProtocolException("expected HELLO or JOIN, got " + frame.type());
        }
        Auth auth = server.config().security().auth();
        if (auth == null) {
            serve(ctx, frame, Handshake.randomId(), null);
            return;
        }
        pending = frame;
        state = HandshakeState.AWAIT_AUTH;
        serverNonce = Handshake.randomId();
        ctx.writeAndFlush(new Challenge(serverNonce).frame());
    }

    private void onAuth(ChannelHandlerContext ctx, ControlFrame frame) {
        if (frame.type() != FrameType.AUTH) {
            throw new ProtocolException("expected AUTH, got " + frame.type());
        }
        Auth auth = server.config().security().auth();
        String clientNonce = pending.body().path("client_nonce").asText("");
        String expected = auth.mac("client", pending.type(), pending.body(), clientNonce, serverNonce);
        if (!Auth.same(expected, AuthAnswer.from(frame.body()).mac())) {
            long failures = server.authFailed();
            server.log().log("authentication failed from " + ctx.channel().remoteAddress() + " (" + failures
                    + " failure(s) since start)");
            refuse(ctx, ErrorCode.AUTH, "authentication failed");
            return;
        }
        serve(ctx, pending, serverNonce, auth.mac("server", pending.type(), pending.body(), clientNonce, serverNonce));
    }

    private void serve(ChannelHandlerContext ctx, ControlFrame frame, String nonce, String proof) {
        if (frame.type() == FrameType.HELLO) {
            onHello(ctx, frame, nonce, proof);
        } else {
            onJoin(ctx, Join.from(frame.body()), proof);
        }
    }

    private void onHello(ChannelHandlerContext ctx, ControlFrame frame, String nonce, String proof) {
        int version = frame.body().path("protocol").asInt(-1);
        if (version != Frames.VERSION) {
            refuse(ctx, ErrorCode.PROTOCOL, "protocol version " + frame.body().path("protocol")
                    + " is not supported (server speaks " + Frames.VERSION + ")");
            return;
        }
        Hello hello = Hello.from(frame.body());
        SessionKind kind = server.kind(hello.kind());
        if (kind == null) {
            throw new BadParameterException("kind", "'" + hello.kind() + "' is not valid");
        }
        SessionSpec spec = kind.parse(hello.params());
        String limit = server.limitFor(spec);
        if (limit != null) {
            refuse(ctx, ErrorCode.LIMIT, limit);
            return;
        }
        applySockbuf(ctx.channel(), spec.sockbuf());
        ServerSession session = server.sessions().open(kind, spec, ctx.channel());
        Channel ch = ctx.channel();
        ctx.writeAndFlush(new Ready(session.id(), nonce, sndbuf(ch), rcvbuf(ch), server.version(),
                kind.storage(spec), proof).frame());
        enterTest(ctx, session, 0);
    }

    private void onJoin(ChannelHandlerContext ctx, Join join, String proof) {
        ServerSession session = server.sessions().find(join.sessionId());
        if (session == null) {
            refuse(ctx, ErrorCode.UNKNOWN_SESSION, "no session " + join.sessionId().substring(0, 8) + " on this server");
            return;
        }
        String problem = session.join(join.index(), ctx.channel());
        if (problem != null) {
            refuse(ctx, ErrorCode.BAD_PARAMETER, problem);
            return;
        }
        applySockbuf(ctx.channel(), session.spec().sockbuf());
        ctx.writeAndFlush(new Joined(sndbuf(ctx.channel()), rcvbuf(ctx.channel()), proof).frame());
        enterTest(ctx, session, join.index());
    }

    private void enterTest(ChannelHandlerContext ctx, ServerSession session, int index) {
        state = HandshakeState.SERVING;
        ChannelHandler next = session.kind().handler(new SessionConnection(server, session, index, ctx.channel()));
        ctx.pipeline().replace(this, "data", next);
    }

    private void refuse(ChannelHandlerContext ctx, ErrorCode code, String message) {
        server.log().log("refused " + ctx.channel().remoteAddress() + ": " + message);
        ctx.writeAndFlush(new ErrorReply(code, message).frame()).addListener(ChannelFutureListener.CLOSE);
        ctx.channel().config().setAutoRead(false);
    }

    private static void applySockbuf(Channel ch, long sockbuf) {
        if (sockbuf > 0) {
            ch.config().setOption(ChannelOption.SO_SNDBUF, (int) sockbuf);
            ch.config().setOption(ChannelOption.SO_RCVBUF, (int) sockbuf);
        }
    }

    private static int sndbuf(Channel ch) {
        return ch.config().getOption(ChannelOption.SO_SNDBUF);
    }

    private static int rcvbuf(Channel ch) {
        return ch.config().getOption(ChannelOption.SO_RCVBUF);
    }
}
