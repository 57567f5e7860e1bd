package dev.probe.core.result;

import dev.probe.core.units.Rates;
import java.time.Duration;

/**
 * A volume run's running totals made into one {@link BulkProgress} per interval: the interval's rate, and the time
 * left (the volume still to move at the rate so far, or what remains of the duration). Bulk and object-storage
 * runs sample the same way; called from one ticker thread.
 */
public final class ProgressSampler {
    private final long t0;
    private final long volume;
    private final long durationNanos;
    private final long piecesTotal;
    private long lastNanos;
    private long lastBytes;

    /** {@code volume} 0: a timed run of {@code duration}; {@code piecesTotal} -1 when not known ahead. */
    public ProgressSampler(long t0, long volume, Duration duration, long piecesTotal) {
        this.t0 = t0;
        this.volume = volume;
        this.durationNanos = duration.toNanos();
        this.piecesTotal = piecesTotal;
        this.lastNanos = t0;
    }

    /** The sample at {@code now} of {@code bytes} and {@code pieces} moved so far; {@code tcp} may be null. */
    public BulkProgress sample(long now, long bytes, long pieces, TcpStats tcp) {
        long delta = bytes - lastBytes;
        long dt = now - lastNanos;
        BulkProgress p = new BulkProgress((now - t0) / 1e9, delta, bytes, Rates.gbps(delta, dt),
                Rates.mibPerSecond(delta, dt), pieces, piecesTotal, secondsLeft(now, bytes), tcp);
        lastNanos = now;
        lastBytes = bytes;
        return p;
    }

    private double secondsLeft(long now, long bytes) {
        if (volume == 0) {
            return Math.max(0, durationNanos - (now - t0)) / 1e9;
        }
        double bytesPerSecond = bytes / Math.max(1e-9, (now - t0) / 1e9);
        return bytesPerSecond > 0 ? (volume - bytes) / bytesPerSecond : Double.NaN;
    }
}
