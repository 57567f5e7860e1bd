package dev.probe.core.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.Callable;

/** Waits for a condition with a deadline, instead of sleeping a fixed time and hoping it holds by then. */
public final class Await {
    private Await() {
    }

    /** Polls {@code condition} every 20 ms until it holds; fails with {@code what} when {@code within} passes. */
    public static void until(Duration within, String what, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() - deadline > 0) {
                fail("not within " + within.toMillis() + " ms: " + what);
            }
            Thread.sleep(20);
        }
    }
}
