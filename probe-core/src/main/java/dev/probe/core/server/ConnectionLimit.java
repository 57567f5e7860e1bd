package dev.probe.core.server;

import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;

/**
 * Counts the server's open connections and refuses one over {@code max-connections}, or over the per-source cap
 * (half of it, at least a whole session's channels), saying so; refusals are logged at most once a second.
 */
@Sharable
final class ConnectionLimit extends SourceCounts.Gate {
    private final SourceCounts counts;
    private final LogThrottle throttle;

    ConnectionLimit(ServerLimits limits, ServerLog log) {
        this(new SourceCounts(limits.maxConnections(), perSource(limits), "max-connections"), log);
    }

    private ConnectionLimit(SourceCounts counts, ServerLog log) {
        super(counts);
        this.counts = counts;
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
    protected void refuse(ChannelHandlerContext ctx, String why) {
        throttle.log("refused " + ctx.channel().remoteAddress() + ": " + why);
        ctx.channel().config().setAutoRead(false);
        ctx.writeAndFlush(new ErrorReply(ErrorCode.LIMIT, why).frame()).addListener(ChannelFutureListener.CLOSE);
    }
}
