package dev.probe.core.server;

/**
 * A session's cap on data moved, as a token bucket (100 ms of burst): {@link #take} says how long the session
 * must pause to stay under the cap. Shared by the session's connections, so the cap is per session.
 */
public final class RateCap {
    private final double bytesPerNano;
    private final double burst;
    private double available;
    private long last = System.nanoTime();

    RateCap(long bytesPerSecond) {
        this.bytesPerNano = bytesPerSecond / 1e9;
        this.burst = bytesPerSecond / 10.0;
        this.available = burst;
    }

    /** Takes {@code bytes}; returns the nanoseconds to pause before moving more (0 = none). */
    public synchronized long take(long bytes) {
        long now = System.nanoTime();
        available = Math.min(burst, available + (now - last) * bytesPerNano);
        last = now;
        available -= bytes;
        return available >= 0 ? 0 : (long) (-available / bytesPerNano);
    }
}
