package dev.probe.core.monitor;

import dev.probe.core.client.RunStop;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code /probe} checks (issue 40, point 1): at most {@link #RUNNING} run at once and {@link #QUEUED} wait; a
 * request for a check of a target already waiting or running shares it instead of starting another; a check whose
 * requesters all left is dropped before it starts and stopped if it runs; and each target's check of a kind comes
 * at most once per its gap (the schedule's --every for SYNC, --duty-cap's share for the stream): a request sooner
 * gets the last one's series.
 */
final class CheckQueue implements AutoCloseable {
    /** Checks running at once. */
    static final int RUNNING = 2;
    /** Checks waiting to run, beyond which a request is answered 503 at once. */
    static final int QUEUED = 8;
    private static final int MAX_REMEMBERED = 256;
    private final ExecutorService workers;
    private final Map<Key, Pending> inFlight = new HashMap<>();
    private final Map<Key, Last> last = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Last> eldest) {
            return size() > MAX_REMEMBERED;
        }
    };

    /** One target's check of one kind. */
    record Key(String standby, Check.Kind kind) {
    }

    /** A check's work: runs until done or {@code stop} is requested. */
    @FunctionalInterface
    interface Job {
        MonitorMetrics run(RunStop stop) throws InterruptedException;
    }

    /** A requester's share of a check: its result, and {@link #leave} when the requester goes before it. */
    record Ticket(CompletableFuture<MonitorMetrics> result, Runnable leave) {
    }

    private record Last(long endNanos, long gapNanos, MonitorMetrics metrics) {
    }

    private static final class Pending {
        final CompletableFuture<MonitorMetrics> result = new CompletableFuture<>();
        final RunStop stop = new RunStop();
        int waiting;
        boolean started;
        Future<?> task;
    }

    CheckQueue() {
        AtomicInteger n = new AtomicInteger();
        workers = Executors.newFixedThreadPool(RUNNING, r -> {
            Thread t = new Thread(r, "monitor-check-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * A ticket for {@code key}'s check: the last one's series when it ended less than {@code gap} ago, the one
     * waiting or running, or a new one; null when {@link #RUNNING} + {@link #QUEUED} checks are already in hand.
     */
    synchronized Ticket submit(Key key, Duration gap, Job job) {
        Last l = last.get(key);
        if (l != null && System.nanoTime() - l.endNanos() < Math.min(l.gapNanos(), gap.toNanos())) {
            return new Ticket(CompletableFuture.completedFuture(l.metrics()), () -> {});
        }
        Pending p = inFlight.get(key);
        if (p == null) {
            if (inFlight.size() >= RUNNING + QUEUED) {
                return null;
            }
            Pending fresh = new Pending();
            inFlight.put(key, fresh);
            fresh.task = workers.submit(() -> run(key, gap, fresh, job));
            p = fresh;
        }
        p.waiting++;
        Pending mine = p;
        return new Ticket(p.result, () -> leave(key, mine));
    }

    private synchronized void leave(Key key, Pending p) {
        if (--p.waiting > 0 || p.result.isDone()) {
            return;
        }
        p.stop.request("every requester of the check left");
        if (!p.started) {
            p.task.cancel(false);
            inFlight.remove(key, p);
            p.result.cancel(false);
        }
    }

    private void run(Key key, Duration gap, Pending p, Job job) {
        synchronized (this) {
            if (p.stop.reason() != null) {
                return;
            }
            p.started = true;
        }
        try {
            MonitorMetrics m = job.run(p.stop);
            synchronized (this) {
                inFlight.remove(key, p);
                if (p.stop.reason() == null || p.waiting > 0) {
                    last.put(key, new Last(System.nanoTime(), gap.toNanos(), m));
                }
            }
            p.result.complete(m);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finish(key, p, e);
        } catch (RuntimeException | Error e) {
            finish(key, p, e);
        }
    }

    private void finish(Key key, Pending p, Throwable e) {
        synchronized (this) {
            inFlight.remove(key, p);
        }
        p.result.completeExceptionally(e);
    }

    @Override
    public void close() {
        workers.shutdownNow();
    }
}
