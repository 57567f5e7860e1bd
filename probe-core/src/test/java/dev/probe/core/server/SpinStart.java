package dev.probe.core.server;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A thread that spins until {@code go} is set, then runs its action: two threads' changes cross as closely as the
 * tests can make them (ReadGateTest, DiskBacklogTest).
 */
final class SpinStart {
    private SpinStart() {
    }

    /** Starts a thread that runs {@code action} once {@code go} holds. */
    static Thread whenSet(AtomicBoolean go, Runnable action) {
        Thread t = new Thread(() -> {
            while (!go.get()) {
                Thread.onSpinWait();
            }
            action.run();
        });
        t.start();
        return t;
    }
}
