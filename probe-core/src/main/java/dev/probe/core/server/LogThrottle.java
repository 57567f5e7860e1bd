package dev.probe.core.server;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A log line of a kind at most once a second, with how many of that kind there were since the last one, so a
 * flood of refusals or failed authentications cannot fill the disk with log (issue 23, point 6).
 */
public final class LogThrottle {
    private final ServerLog log;
    private final AtomicLong last = new AtomicLong(System.nanoTime() - 2_000_000_000L);
    private final AtomicLong suppressed = new AtomicLong();

    public LogThrottle(ServerLog log) {
        this.log = log;
    }

    /** Logs {@code line} unless a line was logged less than a second ago (then counts it). */
    public void log(String line) {
        long now = System.nanoTime();
        long then = last.get();
        if (now - then >= 1_000_000_000L && last.compareAndSet(then, now)) {
            long skipped = suppressed.getAndSet(0);
            log.log(skipped == 0 ? line : line + " (and " + skipped + " more like it in the last "
                    + Math.max(1, (now - then) / 1_000_000_000L) + " s)");
        } else {
            suppressed.incrementAndGet();
        }
    }
}
