package dev.probe.core.client;

import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * A run's reporting thread: calls {@code sample(now)} every interval, off the hot path, and at the end once
 * more for the part interval up to the data's end: always when {@code everyByte} (bulk: the intervals must hold
 * every byte, as a merged fan-out timeline adds them up), else when it covers at least a tenth of an interval
 * (redo tests: no sliver of an interval after the last full one).
 */
public final class Ticker {
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory(
            "probe-report", true));
    private final long intervalNanos;
    private final LongConsumer sample;
    private final boolean everyByte;
    private volatile long lastNanos;

    public Ticker(long intervalNanos, LongConsumer sample, boolean everyByte) {
        this.intervalNanos = intervalNanos;
        this.sample = sample;
        this.everyByte = everyByte;
    }

    public void start(long t0) {
        lastNanos = t0;
        thread.scheduleAtFixedRate(() -> tick(System.nanoTime()), intervalNanos, intervalNanos, TimeUnit.NANOSECONDS);
    }

    private void tick(long now) {
        sample.accept(now);
        lastNanos = now;
    }

    /** Runs {@code task} on the reporting thread after {@code delayNanos}. */
    public void schedule(Runnable task, long delayNanos) {
        thread.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }

    /** Runs {@code task} on the reporting thread every {@code periodMillis}. */
    public void every(Runnable task, long periodMillis) {
        thread.scheduleAtFixedRate(task, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    /** Stops; the data ended at {@code dataEndNanos}. */
    public void stop(long dataEndNanos) throws InterruptedException {
        thread.submit(() -> {
            if (everyByte ? dataEndNanos > lastNanos : dataEndNanos - lastNanos >= intervalNanos / 10) {
                tick(dataEndNanos);
            }
        });
        thread.shutdown();
        thread.awaitTermination(10, TimeUnit.SECONDS);
    }
}
