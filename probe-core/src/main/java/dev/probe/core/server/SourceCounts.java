package dev.probe.core.server;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A listening port's open connections, counted in all and per source address, each against its cap, so one
 * host's idle connections cannot take every slot (issue 23, points 3 and 6). One per port, shared by its
 * connections; {@link #admit} when a connection has proven itself, {@link #release} when it closes
 * ({@link UnprovenConnections#gate}).
 */
public final class SourceCounts {
    private static final AttributeKey<Object> COUNTED = AttributeKey.valueOf("probe.counted-source");
    private final int maxTotal;
    private final int maxPerSource;
    private final String totalName;
    private final AtomicInteger total = new AtomicInteger();
    private final ConcurrentHashMap<Object, AtomicInteger> perSource = new ConcurrentHashMap<>();

    /** {@code totalName} names the total cap in refusals (a flag, e.g. max-connections). */
    public SourceCounts(int maxTotal, int maxPerSource, String totalName) {
        this.maxTotal = maxTotal;
        this.maxPerSource = maxPerSource;
        this.totalName = totalName;
    }

    /** Counts {@code ch} in and returns null, or returns why it is over a cap (and leaves it uncounted). */
    public String admit(Channel ch) {
        Object from = source(ch.remoteAddress());
        AtomicInteger mine = perSource.computeIfAbsent(from, a -> new AtomicInteger());
        int n = total.incrementAndGet();
        int m = mine.incrementAndGet();
        if (n > maxTotal || m > maxPerSource) {
            total.decrementAndGet();
            perSource.computeIfPresent(from, (a, c) -> c.decrementAndGet() <= 0 ? null : c);
            return n > maxTotal ? "server has " + maxTotal + " connections open (" + totalName + ")"
                    : describe(from) + " has " + maxPerSource + " connections open (per source)";
        }
        ch.attr(COUNTED).set(from);
        return null;
    }

    /** Counts {@code ch} out, if it was counted in. */
    public void release(Channel ch) {
        Object from = ch.attr(COUNTED).getAndSet(null);
        if (from != null) {
            total.decrementAndGet();
            perSource.computeIfPresent(from, (a, c) -> c.decrementAndGet() <= 0 ? null : c);
        }
    }

    public int open() {
        return total.get();
    }

    /** What a peer is counted as: its IP address, or the address itself where it has none (a local channel). */
    static Object source(SocketAddress peer) {
        return peer instanceof InetSocketAddress i && i.getAddress() != null ? i.getAddress() : String.valueOf(peer);
    }

    private static String describe(Object source) {
        return source instanceof InetAddress a ? a.getHostAddress() : String.valueOf(source);
    }
}
