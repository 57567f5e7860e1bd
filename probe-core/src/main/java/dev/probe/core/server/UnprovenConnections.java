package dev.probe.core.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A listening port's connections that have not proven anything yet (a probe connection before its HELLO was
 * authenticated and admitted, an HTTP connection before its first valid request), in a small budget of their own
 * so they cannot crowd out connections that have: when the budget is full, a new connection evicts the oldest
 * connection of the address holding the most of it, so a few addresses opening idle connections evict only their
 * own (issue 40, point 2). Each has a deadline from accept, not from its first byte. Evictions and deadlines are
 * logged at most once a second.
 */
public final class UnprovenConnections {
    private static final AttributeKey<Object> HELD = AttributeKey.valueOf("probe.unproven-source");
    private static final AttributeKey<Boolean> PROVED = AttributeKey.valueOf("probe.proved");
    private static final AttributeKey<ScheduledFuture<?>> TIMER = AttributeKey.valueOf("probe.unproven-deadline");
    private final int capacity;
    private final Duration deadline;
    private final String port;
    private final LogThrottle log;
    private final Map<Object, ArrayDeque<Channel>> bySource = new HashMap<>();
    private int held;

    /**
     * At most {@code capacity} unproven connections, each closed unless proven within {@code deadline} of accept
     * (null: the port's own handshake keeps a deadline); {@code port} names the listening port in log lines
     * ("object storage endpoint").
     */
    public UnprovenConnections(int capacity, Duration deadline, String port, ServerLog log) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity + " must be at least 1");
        }
        this.capacity = capacity;
        this.deadline = deadline;
        this.port = port;
        this.log = new LogThrottle(log);
    }

    /** Holds a just-accepted {@code ch}, evicting (closing) another connection first when the budget is full. */
    public void admit(Channel ch) {
        Object from = SourceCounts.source(ch.remoteAddress());
        Channel evicted = null;
        synchronized (this) {
            if (held >= capacity) {
                evicted = evictOne();
            }
            bySource.computeIfAbsent(from, a -> new ArrayDeque<>()).addLast(ch);
            held++;
            ch.attr(HELD).set(from);
        }
        if (deadline != null) {
            ch.attr(TIMER).set(ch.eventLoop().schedule(() -> {
                if (ch.attr(HELD).get() != null) {
                    log.log(port + ": closed " + ch.remoteAddress() + ": nothing proven within "
                            + deadline.toMillis() + " ms of connecting");
                    ch.close();
                }
            }, deadline.toMillis(), TimeUnit.MILLISECONDS));
        }
        if (evicted != null) {
            log.log(port + ": " + capacity + " connections had proven nothing yet: closed the oldest of "
                    + evicted.remoteAddress() + "'s, the address holding the most of them");
            evicted.close();
        }
    }

    /**
     * {@code ch} proved itself (its handshake, its first valid request): it counts against {@code counts} and
     * leaves this budget and its deadline, and null is returned; or it is over one of {@code counts}' caps, and why
     * is returned (the caller refuses it). A connection proven before (or never held here) is let be.
     */
    public String prove(Channel ch, SourceCounts counts) {
        if (!unproven(ch)) {
            return null;
        }
        String over = counts.admit(ch);
        if (over == null) {
            release(ch);
            ch.attr(PROVED).set(Boolean.TRUE);
        }
        return over;
    }

    /** {@code ch} closed, or proved itself; a channel not held is ignored. */
    public void release(Channel ch) {
        cancelDeadline(ch);
        Object from = ch.attr(HELD).getAndSet(null);
        if (from == null) {
            return;
        }
        synchronized (this) {
            ArrayDeque<Channel> q = bySource.get(from);
            if (q != null && q.remove(ch)) {
                held--;
                if (q.isEmpty()) {
                    bySource.remove(from);
                }
            }
        }
    }

    /**
     * The handler that goes first in a port's pipeline: holds each new connection here, and when it closes counts
     * it out of here and of {@code counts} (where {@link #prove} counted it in).
     */
    public ChannelHandler gate(SourceCounts counts) {
        return new Gate(counts);
    }

    @ChannelHandler.Sharable
    private final class Gate extends ChannelInboundHandlerAdapter {
        private final SourceCounts counts;

        Gate(SourceCounts counts) {
            this.counts = counts;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            admit(ctx.channel());
            ctx.fireChannelActive();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            release(ctx.channel());
            counts.release(ctx.channel());
            ctx.fireChannelInactive();
        }
    }

    /** Unproven connections held now. */
    public synchronized int held() {
        return held;
    }

    /** Whether {@code ch} proved itself here (an evicted or timed-out connection never did). */
    public static boolean proved(Channel ch) {
        return Boolean.TRUE.equals(ch.attr(PROVED).get());
    }

    /** Whether {@code ch} has not proven itself yet and is held in a budget. */
    public static boolean unproven(Channel ch) {
        return ch.attr(HELD).get() != null;
    }

    /** Takes the oldest connection of the address holding the most out of the budget; the caller closes it. */
    private Channel evictOne() {
        ArrayDeque<Channel> most = null;
        Object mostFrom = null;
        for (Map.Entry<Object, ArrayDeque<Channel>> e : bySource.entrySet()) {
            if (most == null || e.getValue().size() > most.size()) {
                most = e.getValue();
                mostFrom = e.getKey();
            }
        }
        Channel oldest = most.pollFirst();
        held--;
        if (most.isEmpty()) {
            bySource.remove(mostFrom);
        }
        oldest.attr(HELD).set(null);
        cancelDeadline(oldest);
        return oldest;
    }

    private static void cancelDeadline(Channel ch) {
        ScheduledFuture<?> t = ch.attr(TIMER).getAndSet(null);
        if (t != null) {
            t.cancel(false);
        }
    }
}
