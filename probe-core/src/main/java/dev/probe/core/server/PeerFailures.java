package dev.probe.core.server;

import io.netty.channel.Channel;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Failures of connections that have proven nothing yet (reset before or during the handshake, garbage, the wrong
 * protocol), logged as counts: the first of a kind from an address in a window is logged in full (at most
 * {@link #MAX_FULL} such lines a window), the rest are counted, and at the window's end one line per address and kind
 * says how many more came ("12031 more connection(s) from 127.0.0.2 failed before proving themselves (connection
 * reset by peer) in the last 60 s"). At most {@link #MAX_SOURCES} address-and-kind pairs are told apart a window;
 * the rest are summed in one line. So the log takes at most {@code MAX_FULL + MAX_SOURCES + 1} lines a window
 * whatever a stranger sends (issue 57, point 3), and {@link #total()} counts them all.
 */
public final class PeerFailures {
    /** How long a window of counts runs. */
    static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(60);
    /** Full lines a window at most: the first of each kind from each address, until this many. */
    static final int MAX_FULL = 8;
    /** Address-and-kind pairs counted apart a window at most. */
    static final int MAX_SOURCES = 32;
    private final ServerLog log;
    private final long windowNanos;
    private final Map<String, long[]> counts = new LinkedHashMap<>();
    private final AtomicLong total = new AtomicLong();
    private long windowStart = System.nanoTime();
    private long others;
    private int full;
    private boolean flushScheduled;

    public PeerFailures(ServerLog log) {
        this(log, WINDOW_NANOS);
    }

    /** With a window of {@code windowNanos} (tests). */
    PeerFailures(ServerLog log, long windowNanos) {
        this.log = log;
        this.windowNanos = windowNanos;
    }

    /**
     * {@code ch} (unproven) failed: {@code kind} is what happened in a few stable words ("connection reset by peer"),
     * {@code line} the full line logged when it is the first of its kind from that address this window.
     */
    public void failed(Channel ch, String kind, String line) {
        total.incrementAndGet();
        String key = address(ch.remoteAddress()) + "\u0000" + kind;
        String inFull = null;
        synchronized (this) {
            roll(System.nanoTime());
            long[] c = counts.get(key);
            if (c == null && counts.size() >= MAX_SOURCES) {
                others++;
            } else if (c == null && full < MAX_FULL) {
                counts.put(key, new long[] {0});
                full++;
                inFull = line;
            } else if (c == null) {
                counts.put(key, new long[] {1});
            } else {
                c[0]++;
            }
            if (!flushScheduled && ch.eventLoop() != null) {
                flushScheduled = true;
                long due = windowStart + windowNanos - System.nanoTime();
                ch.eventLoop().schedule(this::flush, Math.max(0, due) + 1_000_000, TimeUnit.NANOSECONDS);
            }
        }
        if (inFull != null) {
            log.log(inFull);
        }
    }

    /** Failures of unproven connections since start. */
    public long total() {
        return total.get();
    }

    /** Logs the window's counts once it has ended. */
    void flush() {
        synchronized (this) {
            flushScheduled = false;
            roll(System.nanoTime());
        }
    }

    /** When the window has ended: its counts as lines, then a fresh window. Under the lock. */
    private void roll(long now) {
        if (now - windowStart < windowNanos) {
            return;
        }
        long seconds = Math.max(1, Math.round((now - windowStart) / 1e9));
        for (Map.Entry<String, long[]> e : counts.entrySet()) {
            if (e.getValue()[0] > 0) {
                String[] at = e.getKey().split("\u0000", 2);
                log.log(String.format(Locale.ROOT, "%d more connection(s) from %s failed before proving themselves "
                        + "(%s) in the last %d s", e.getValue()[0], at[0], at[1], seconds));
            }
        }
        if (others > 0) {
            log.log(String.format(Locale.ROOT, "%d more connection(s) from other addresses failed before proving "
                    + "themselves in the last %d s", others, seconds));
        }
        counts.clear();
        others = 0;
        full = 0;
        windowStart = now;
    }

    private static String address(SocketAddress a) {
        return a instanceof InetSocketAddress i && i.getAddress() != null ? i.getAddress().getHostAddress()
                : String.valueOf(a);
    }
}
