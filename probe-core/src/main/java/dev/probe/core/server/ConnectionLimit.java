package dev.probe.core.server;

import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Counts the server's open connections and refuses one over {@code max-connections}, or over the per-source cap
 * (half of it, at least a whole session's channels), saying so; refusals are logged at most once a second.
 */
@Sharable
final class ConnectionLimit extends ChannelInboundHandlerAdapter {
    private final SourceCounts counts;
    private final LogThrottle throttle;

    ConnectionLimit(ServerLimits limits, ServerLog log) {
        this.counts = new SourceCounts(limits.maxConnections(), perSource(limits), "max-connections");
        this.throttle = new LogThrottle(log);
    }

    /** One address may hold half the connections, and at least one session's worth. */
    static int perSource(ServerLimits limits) {
        return Math.max(limits.maxConnections() / 2, Math.min(limits.maxConnections(), limits.maxConnectionsPerSession()));
    }

    int open() {
        return counts.open();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        String over = counts.admit(ctx.channel());
        if (over != null) {
            throttle.log("refused " + ctx.channel().remoteAddress() + ": " + over);
            ctx.channel().config().setAutoRead(false);
            ctx.writeAndFlush(new ErrorReply(ErrorCode.LIMIT, over).frame()).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        counts.release(ctx.channel());
        ctx.fireChannelInactive();
    }
}
