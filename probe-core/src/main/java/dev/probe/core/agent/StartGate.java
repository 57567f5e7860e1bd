package dev.probe.core.agent;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An agent run's two-phase start: each leg, its session open and channels joined, says so and waits; when the last
 * has, the agent tells the coordinator (READY), which names one instant for every host once all are ready; each leg
 * then sleeps until that instant on this host's clock and starts moving data. No host's start waits on a guess of
 * how long another takes to open its legs.
 */
final class StartGate {
    private final AtomicInteger waiting;
    private final Runnable allReady;
    private final CompletableFuture<Long> at = new CompletableFuture<>();
    private final AtomicLong started = new AtomicLong(Long.MAX_VALUE);

    /** {@code legs} must each call {@link #legReady()}; {@code allReady} runs once, after the last. */
    StartGate(int legs, Runnable allReady) {
        this.waiting = new AtomicInteger(legs);
        this.allReady = allReady;
    }

    /** The start instant, microseconds since the epoch on this host's clock (a START may name it before READY). */
    void startAt(long atMicros) {
        at.complete(atMicros);
    }

    /** The run ended before its start (the coordinator went away, or a leg failed): legs waiting give up. */
    void cancel() {
        at.cancel(false);
    }

    /**
     * A leg's session is open: blocks until the start instant (known once every agent is ready) has come; the
     * earliest leg to pass it marks when this host's data began. Throws {@link CancellationException} if cancelled
     * or interrupted first.
     */
    void legReady() {
        if (waiting.decrementAndGet() == 0) {
            allReady.run();
        }
        try {
            long wait = at.get() - AgentMessages.nowMicros();
            if (wait > 0) {
                TimeUnit.MICROSECONDS.sleep(wait);
            }
        } catch (InterruptedException | ExecutionException e) {
            throw new CancellationException("the coordinator went away");
        }
        started.accumulateAndGet(AgentMessages.nowMicros(), Math::min);
    }

    /** When the first leg began moving data (this host's clock); {@link Long#MAX_VALUE} before any has. */
    long started() {
        return started.get();
    }
}
