package dev.probe.core.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The wait of a client whose connection is otherwise silent both ways while the far end works (an agent's
 * control connection, {@code disk --at}): every 10 s without an answer it pings, so neither end's idle timeout
 * ends a long run. TCP keepalive alone does not count: the server's idle timeout watches messages.
 */
public final class Heartbeat {
    /** How often a silent connection is pinged; well inside the server's 60 s default idle timeout. */
    public static final long PING_SECONDS = 10;

    private Heartbeat() {
    }

    /**
     * Returns once {@code done} has completed, normally or not (the caller reads it); meanwhile runs {@code ping}
     * every {@link #PING_SECONDS} (it may throw to give up, e.g. when the far end has been silent too long).
     */
    public static void await(CompletableFuture<?> done, Runnable ping) throws InterruptedException {
        while (true) {
            try {
                done.get(PING_SECONDS, TimeUnit.SECONDS);
                return;
            } catch (TimeoutException e) {
                ping.run();
            } catch (ExecutionException e) {
                return;
            }
        }
    }
}
