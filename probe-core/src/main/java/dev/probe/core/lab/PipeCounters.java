package dev.probe.core.lab;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What one {@link Pipe} counts: each counter has one writing thread (the reader's drops, the writer's deliveries and
 * lateness) and is read by anyone through {@link #snapshot}, which adds the two threads' wait for a CPU.
 */
final class PipeCounters {
    final AtomicLong forwarded = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong lossDrops = new AtomicLong();
    final AtomicLong queueDrops = new AtomicLong();
    final AtomicLong writeErrors = new AtomicLong();
    final AtomicLong peakQueue = new AtomicLong();
    final AtomicLong policeDrops = new AtomicLong();
    final AtomicLong mtuDrops = new AtomicLong();
    /** Nanoseconds the delivered packets left after their due time, summed. */
    final AtomicLong lateNanos = new AtomicLong();
    final UnitSizes units = new UnitSizes();
    private volatile Path readerSched;
    private volatile Path writerSched;

    /** Adds {@code n} to {@code counter}, which only the calling thread writes. */
    static void add(AtomicLong counter, long n) {
        counter.lazySet(counter.get() + n);
    }

    /** Called by the reader thread as it starts: its scheduler account is read from now on. */
    void readerStarted() {
        readerSched = ThreadSched.self();
    }

    /** Called by the writer thread as it starts. */
    void writerStarted() {
        writerSched = ThreadSched.self();
    }

    LinkCounters snapshot() {
        long[] r = ThreadSched.waitAndRuns(readerSched);
        long[] w = ThreadSched.waitAndRuns(writerSched);
        return new LinkCounters(forwarded.get(), bytes.get(), lossDrops.get(), queueDrops.get(), writeErrors.get(),
                peakQueue.get(), policeDrops.get(), mtuDrops.get(), units.percentile(0.5), units.percentile(0.9),
                lateNanos.get(), r[0] + w[0], r[1] + w[1]);
    }
}
