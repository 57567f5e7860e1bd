package dev.probe.core.qualify;

import java.time.Duration;
import java.util.List;

/**
 * What the ASYNC verdict rests on; {@code limit} says what holds the single stream back, {@code controls} are
 * the congestion controls this host offers and {@code congestion} the one the stream used (null: unknown).
 */
public record AsyncFigures(double requiredBitsPerS, double singleStreamBps, boolean lagFlat, double lagGrowth,
        double lastLagSeconds, boolean onThisHost, long bufferRequested, boolean bufferClamped, long bufferGranted,
        double gapBytes, Duration gapWithin, double peakBytesPerSecond, StreamLimit limit,
        List<String> controls, String congestion) {
    /** What one stream carried against what the redo needs, and what holds it back; the rest by name. */
    public static Builder builder(double requiredBitsPerS, double singleStreamBps, StreamLimit limit) {
        return new Builder(requiredBitsPerS, singleStreamBps, limit);
    }

    /** The ASYNC figures by group: the lag, the buffers, a gap to resolve, the congestion controls. */
    public static final class Builder {
        private final double requiredBitsPerS;
        private final double singleStreamBps;
        private final StreamLimit limit;
        private boolean lagFlat = true;
        private double lagGrowth;
        private double lastLagSeconds;
        private boolean onThisHost;
        private long bufferRequested;
        private boolean bufferClamped;
        private long bufferGranted;
        private double gapBytes;
        private Duration gapWithin;
        private double peakBytesPerSecond = Double.NaN;
        private List<String> controls = List.of();
        private String congestion;

        private Builder(double requiredBitsPerS, double singleStreamBps, StreamLimit limit) {
            this.requiredBitsPerS = requiredBitsPerS;
            this.singleStreamBps = singleStreamBps;
            this.limit = limit;
        }

        /** The lag at the peak rate: flat or not, its growth in s/s, and the last figure. */
        public Builder lag(boolean flat, double growth, double lastSeconds) {
            this.lagFlat = flat;
            this.lagGrowth = growth;
            this.lastLagSeconds = lastSeconds;
            return this;
        }

        /**
         * The connection never left this host (loopback, or one of its own addresses): no link carried it, so a lag
         * that grew is the host's CPU, which both ends share, not a link falling behind.
         */
        public Builder onThisHost(boolean internal) {
            this.onThisHost = internal;
            return this;
        }

        /** The socket buffers asked (3 x BDP) and granted, and whether the OS clamped them. */
        public Builder buffers(long requested, boolean clamped, long granted) {
            this.bufferRequested = requested;
            this.bufferClamped = clamped;
            this.bufferGranted = granted;
            return this;
        }

        /** A gap of {@code bytes} to resolve {@code within}, while redo arrives at {@code peak} bytes/s. */
        public Builder gap(double bytes, Duration within, double peak) {
            this.gapBytes = bytes;
            this.gapWithin = within;
            this.peakBytesPerSecond = peak;
            return this;
        }

        /** The congestion controls this host offers and the one the stream used (null: unknown). */
        public Builder congestion(List<String> offered, String used) {
            this.controls = offered;
            this.congestion = used;
            return this;
        }

        public AsyncFigures build() {
            return new AsyncFigures(requiredBitsPerS, singleStreamBps, lagFlat, lagGrowth, lastLagSeconds,
                    onThisHost, bufferRequested, bufferClamped, bufferGranted, gapBytes, gapWithin, peakBytesPerSecond,
                    limit,
                    controls, congestion);
        }
    }
}
