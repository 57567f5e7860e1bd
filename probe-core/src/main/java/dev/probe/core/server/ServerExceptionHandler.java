package dev.probe.core.server;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.transport.IoErrors;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;

/**
 * Last in every server pipeline: a bad frame, an I/O error or an idle connection becomes one log line and a
 * closed connection; the server goes on serving everyone else. A connection that has proven nothing yet is counted
 * by {@link PeerFailures} instead, so a stranger cannot fill the log.
 */
@Sharable
final class ServerExceptionHandler extends ChannelInboundHandlerAdapter {
    private final ServerLog log;
    private final PeerFailures strangers;

    ServerExceptionHandler(ServerLog log) {
        this(log, new PeerFailures(log));
    }

    ServerExceptionHandler(ServerLog log, PeerFailures strangers) {
        this.log = log;
        this.strangers = strangers;
    }

    /** The full line, or a count when {@code ctx}'s connection has proven nothing. */
    private void report(ChannelHandlerContext ctx, String kind, String line) {
        if (!UnprovenConnections.proved(ctx.channel())) {
            strangers.failed(ctx.channel(), kind, line);
        } else {
            log.log(line);
        }
    }

    /** A message's stable part for counting: up to its first colon, at most 60 characters. */
    static String kind(String message) {
        String m = String.valueOf(message);
        int colon = m.indexOf(':');
        String k = colon > 0 ? m.substring(0, colon) : m;
        return k.length() > 60 ? k.substring(0, 60) : k;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Fatal.check(cause, log);
        if (!ctx.channel().isActive()) {
            return;
        }
        Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (root instanceof IOException) {
            String why = IoErrors.describe(root);
            report(ctx, why, "connection from " + ctx.channel().remoteAddress() + " failed: " + why);
            ctx.close();
            return;
        }
        report(ctx, kind(root.getMessage()), "dropping " + ctx.channel().remoteAddress() + ": " + root.getMessage());
        ctx.channel().config().setAutoRead(false);
        ErrorCode code = root instanceof BadParameterException ? ErrorCode.BAD_PARAMETER : ErrorCode.PROTOCOL;
        ctx.writeAndFlush(new ErrorReply(code, String.valueOf(root.getMessage())).frame())
                .addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            log.log("closing idle connection from " + ctx.channel().remoteAddress());
            ctx.close();
        }
        ReferenceCountUtil.release(evt);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ReferenceCountUtil.release(msg);
    }
}
