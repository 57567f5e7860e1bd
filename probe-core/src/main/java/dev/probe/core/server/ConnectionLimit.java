package dev.probe.core.server;

import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts the server's open connections and refuses one over {@code max-connections}, saying so. */
@Sharable
final class ConnectionLimit extends ChannelInboundHandlerAdapter {
    private final AtomicInteger open = new AtomicInteger();
    private final int max;
    private final ServerLog log;

    ConnectionLimit(int max, ServerLog log) {
        this.max = max;
        this.log = log;
    }

    int open() {
        return open.get();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        int n = open.incrementAndGet();
        if (n > max) {
            log.log("refused " + ctx.channel().remoteAddress() + ": " + (n - 1) + " connections open (max-connections "
                    + max + ")");
            ctx.channel().config().setAutoRead(false);
            ctx.writeAndFlush(new ErrorReply(ErrorCode.LIMIT, "server has " + max + " connections open (max-connections)")
                    .frame()).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        open.decrementAndGet();
        ctx.fireChannelInactive();
    }
}
