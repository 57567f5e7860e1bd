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
 * closed connection; the server goes on serving everyone else.
 */
@Sharable
final class ServerExceptionHandler extends ChannelInboundHandlerAdapter {
    private final ServerLog log;

    ServerExceptionHandler(ServerLog log) {
        this.log = log;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Fatal.check(cause, log);
        if (!ctx.channel().isActive()) {
            return;
        }
        Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (root instanceof IOException) {
            log.log("connection from " + ctx.channel().remoteAddress() + " failed: " + IoErrors.describe(root));
            ctx.close();
            return;
        }
        log.log("dropping " + ctx.channel().remoteAddress() + ": " + root.getMessage());
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
