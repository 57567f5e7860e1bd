package dev.probe.core.server;

import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How long to hold a failed authentication's refusal, per source address: 100 ms, doubling with each failure
 * that follows within a minute, up to 5 s (issue 23, point 6: wrong MACs were answered at 2,257/s). A guesser
 * from one address is slowed to one try per 5 s per connection; a user who mistyped waits a tenth of a second.
 */
final class AuthBackoff {
    static final long FIRST_MILLIS = 100;
    static final long MAX_MILLIS = 5_000;
    private static final long WINDOW_NANOS = 60_000_000_000L;
    private static final int MAX_SOURCES = 10_000;
    private final ConcurrentHashMap<Object, long[]> failures = new ConcurrentHashMap<>();

    /** Records a failure from {@code peer}; returns how long to wait before refusing it. */
    long failed(SocketAddress peer) {
        Object from = SourceCounts.source(peer);
        long now = System.nanoTime();
        if (failures.size() > MAX_SOURCES) {
            failures.entrySet().removeIf(e -> now - e.getValue()[1] > WINDOW_NANOS);
        }
        long[] f = failures.compute(from, (a, old) -> old == null || now - old[1] > WINDOW_NANOS
                ? new long[] {1, now} : new long[] {old[0] + 1, now});
        return Math.min(MAX_MILLIS, FIRST_MILLIS << Math.min(16, f[0] - 1));
    }
}
