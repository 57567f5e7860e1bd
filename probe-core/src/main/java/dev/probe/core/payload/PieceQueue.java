package dev.probe.core.payload;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The run's shared queue of pieces, as RMAN hands backup sections to whichever channel is free: a channel
 * takes the next piece when it finishes one, so faster channels take more and the run ends at most one
 * piece after the queue empties. By duration, pieces run out when the deadline passes.
 */
public final class PieceQueue {
    private final AtomicLong next = new AtomicLong();
    private final long count;
    private final long deadlineNanos;
    private volatile boolean closed;

    /** {@code count} pieces, or unbounded until {@code deadlineNanos} ({@code Long.MAX_VALUE} = no deadline). */
    public PieceQueue(long count, long deadlineNanos) {
        this.count = count;
        this.deadlineNanos = deadlineNanos;
    }

    /** The next piece number, or -1 when there are no more. Thread-safe. */
    public long take() {
        if (expired()) {
            return -1;
        }
        long k = next.getAndIncrement();
        return k < count ? k : -1;
    }

    /** True once the deadline (if any) has passed, or the queue was closed. */
    public boolean expired() {
        return closed || deadlineNanos != Long.MAX_VALUE && System.nanoTime() - deadlineNanos >= 0;
    }

    /** No more pieces from now on, as if the deadline had passed (the run was asked to stop). */
    public void close() {
        closed = true;
    }
}
