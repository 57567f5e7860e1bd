package dev.probe.core.server;

import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;

/**
 * The server's connection caps. A new connection is held among those that have proven nothing yet (at most
 * {@link #unprovenBudget}: the oldest of the address holding the most evicted when they are full); once its HELLO
 * or JOIN is authenticated (or, without a secret, well formed) it counts against {@code max-connections} and the
 * per-source cap (half of it, at least a whole session's channels) instead, or is refused saying so. Idle
 * connections from a few addresses therefore cannot lock out a client that authenticates. Refusals are logged at
 * most once a second.
 */
final class ConnectionLimit {
    /** The fewest connections that have not completed a handshake held at once. */
    static final int UNPROVEN = 64;
    private final SourceCounts counts;
    private final UnprovenConnections unproven;
    private final LogThrottle throttle;
    private final ChannelHandler gate;

    ConnectionLimit(ServerLimits limits, ServerLog log) {
        this.counts = new SourceCounts(limits.maxConnections(), perSource(limits), "max-connections");
        this.unproven = new UnprovenConnections(unprovenBudget(limits), null, "probe server", log);
        this.throttle = new LogThrottle(log);
        this.gate = unproven.gate(counts);
    }

    /** One address may hold half the connections, and at least one session's worth. */
    static int perSource(ServerLimits limits) {
        return Math.max(limits.maxConnections() / 2, Math.min(limits.maxConnections(), limits
                .maxConnectionsPerSession()));
    }

    /**
     * Handshaking connections held at once: two whole sessions' channels connecting together, at least
     * {@link #UNPROVEN} (a bulk run's channels all connect at once and must not evict each other).
     */
    static int unprovenBudget(ServerLimits limits) {
        return Math.max(UNPROVEN, 2 * limits.maxConnectionsPerSession());
    }

    /** Connections open: those that proved themselves and those still handshaking. */
    int open() {
        return counts.open() + unproven.held();
    }

    /**
     * {@code ch}'s handshake succeeded: counts it against the caps and returns null, or logs (at most once a second)
     * and returns why it is over one.
     */
    String prove(Channel ch) {
        String over = unproven.prove(ch, counts);
        if (over != null) {
            throttle.log("refused " + ch.remoteAddress() + ": " + over);
        }
        return over;
    }

    /** The handler first in every pipeline of the port (see {@link UnprovenConnections#gate}). */
    ChannelHandler gate() {
        return gate;
    }

    /** Tells the peer why it is over a cap and closes the connection. */
    static void refuse(ChannelHandlerContext ctx, String why) {
        ctx.channel().config().setAutoRead(false);
        ctx.writeAndFlush(new ErrorReply(ErrorCode.LIMIT, why).frame()).addListener(ChannelFutureListener.CLOSE);
    }
}
