package dev.probe.core.qualify;

import java.time.Instant;
import java.util.List;

/**
 * The redo the link must carry: the peak rate to size for, the 95th percentile beside it (AWR only), where the
 * figures came from, and the AWR intervals (empty when the rate was given by hand).
 *
 * @param peakBytesPerSecond peak redo rate in bytes/s
 * @param p95BytesPerSecond  95th percentile of the per-interval rates, NaN without AWR
 * @param source             "--redo-rate" or the AWR file and its shape
 * @param intervals          the AWR intervals, instances summed, in time order
 */
public record RedoLoad(double peakBytesPerSecond, double p95BytesPerSecond, String source, List<Interval> intervals) {
    /**
     * One AWR interval with the instances' rates summed.
     *
     * @param averageBytesPerSecond the interval's mean redo rate (AVERAGE, or VALUE for the minute history)
     * @param peakBytesPerSecond    the interval's highest rate (MAXVAL; the mean where AWR gives none)
     */
    public record Interval(Instant begin, Instant end, double averageBytesPerSecond, double peakBytesPerSecond,
                           int instances) {
        public double seconds() {
            return (end.toEpochMilli() - begin.toEpochMilli()) / 1000.0;
        }
    }

    /** A rate given on the command line. */
    public static RedoLoad given(double bytesPerSecond) {
        return new RedoLoad(bytesPerSecond, Double.NaN, "--redo-rate", List.of());
    }

    public boolean fromAwr() {
        return !intervals.isEmpty();
    }
}
