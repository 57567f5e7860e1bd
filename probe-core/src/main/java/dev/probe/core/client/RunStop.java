package dev.probe.core.client;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A request to end a client run early (Ctrl-C, SIGTERM), and why. A run that can end early registers what to do
 * ({@link #onRequest}): it then ends its data phase as if its time were up, so the server's counts still come back,
 * and its result says it is incomplete and why. Thread-safe; requested at most once.
 */
public final class RunStop {
    private final List<Runnable> actions = new ArrayList<>();
    private final CountDownLatch requested = new CountDownLatch(1);
    private String reason;

    /** Why the run was asked to stop, or null. */
    public synchronized String reason() {
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
