package dev.probe.core.client;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A request to end a client run early (Ctrl-C, SIGTERM, a byte cap reached), and why. A run that can end early
 * registers what to do ({@link #onRequest}): it then ends its data phase as if its time were up, so the server's
 * counts still come back, and its result says it is incomplete and why. With {@link #capBytes} the run's own
 * counters charge every byte they count ({@link #charge}) and the stop is requested where the cap is passed, not at
 * the next interval. Thread-safe; requested at most once.
 */
public final class RunStop {
    private final List<Runnable> actions = new ArrayList<>();
    private final CountDownLatch requested = new CountDownLatch(1);
    private final AtomicLong charged = new AtomicLong();
    private final long capBytes;
    private final String capReason;
    /** Written under the lock (with the actions), read without it: a sender's loop checks it per message. */
    private volatile String reason;

    /** A stop with no cap. */
    public RunStop() {
        this(Long.MAX_VALUE, null);
    }

    private RunStop(long capBytes, String capReason) {
        this.capBytes = capBytes;
        this.capReason = capReason;
    }

    /** Requests the stop, saying {@code why}, once the run's counters have counted more than {@code bytes}. */
    public static RunStop capBytes(long bytes, String why) {
        return new RunStop(bytes, why);
    }

    /**
     * Counts {@code n} bytes a connection moved; past the cap the stop is requested (on the caller's thread: the
     * actions only schedule the end). Without a cap one comparison of a final field: called on the hot path.
     */
    public void charge(long n) {
        if (capBytes != Long.MAX_VALUE && charged.addAndGet(n) > capBytes) {
            request(capReason);
        }
    }

    /** Whether a stop was requested: a volatile read, for a sender's loop to stop writing at once. */
    public boolean requested() {
        return reason != null;
    }

    /** Bytes charged so far (0 without a cap). */
    public long charged() {
        return charged.get();
    }

    /** Whether the run's counters passed the cap ({@link #capBytes}); never without one. */
    public boolean overCap() {
        return charged.get() > capBytes;
    }

    /** Why the run was asked to stop, or null. */
    public String reason() {
        return reason;
    }

    /** True when a run has registered how to end early (it is in its data phase). */
    public synchronized boolean stoppable() {
        return !actions.isEmpty();
    }

    /** Asks the run to end now because of {@code why}; the first request wins. */
    public void request(String why) {
        List<Runnable> run;
        synchronized (this) {
            if (reason != null) {
                return;
            }
            reason = why;
            run = List.copyOf(actions);
        }
        requested.countDown();
        for (Runnable action : run) {
            try {
                action.run();
            } catch (RuntimeException e) {
                // a run that ended already (its event loop gone) has nothing to stop; the others still must
            }
        }
    }

    /** Waits until a stop is requested. */
    public void await() throws InterruptedException {
        requested.await();
    }

    /** Registers {@code action}, run at once when a stop was requested already. */
    public void onRequest(Runnable action) {
        synchronized (this) {
            if (reason == null) {
                actions.add(action);
                return;
            }
        }
        action.run();
    }
}
