package dev.probe.core.qualify;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The redo the link must carry: the peak rate to size for, the 95th percentile beside it (AWR only), where the
 * figures came from and which statistic the peak is, and the AWR intervals (empty when the rate was given by hand).
 *
 * @param peakBytesPerSecond peak redo rate in bytes/s
 * @param p95BytesPerSecond  95th percentile of the per-interval peaks, NaN without AWR
 * @param source             "--redo-rate" or the AWR file and its shape
 * @param statistic          what the peak is, in AWR's words (the column, summed over RAC instances)
 * @param intervals          the AWR intervals, instances summed, in time order
 * @param instancePeaks      each RAC instance's own peak over the AWR period, by instance number (empty by hand):
 *                           what {@code qualify --from} paces each instance's stream at
 */
public record RedoLoad(double peakBytesPerSecond, double p95BytesPerSecond, String source, String statistic,
        List<Interval> intervals, SortedMap<Integer, Double> instancePeaks) {
    /** Without per-instance peaks. */
    public RedoLoad(double peakBytesPerSecond, double p95BytesPerSecond, String source, String statistic,
                    List<Interval> intervals) {
        this(peakBytesPerSecond, p95BytesPerSecond, source, statistic, intervals, new TreeMap<>());
    }

    public RedoLoad {
        instancePeaks = Collections.unmodifiableSortedMap(new TreeMap<>(instancePeaks));
    }

    /** How the CSV's times are read: AWR writes the database's wall-clock time and carries no zone. */
    public static final String TIMES = "as written in the CSV: the database's time zone, not converted";

    /**
     * One AWR interval with the instances' rates summed; times are the database's wall clock ({@link #TIMES}).
     *
     * @param averageBytesPerSecond the interval's mean redo rate (AVERAGE, or VALUE for the minute history)
     * @param peakBytesPerSecond    the interval's highest rate (MAXVAL; the mean where AWR gives none)
     */
    public record Interval(LocalDateTime begin, LocalDateTime end, double averageBytesPerSecond,
            double peakBytesPerSecond, int instances) {
        public double seconds() {
            return Duration.between(begin, end).toMillis() / 1000.0;
        }
    }

    /** A rate given on the command line. */
    public static RedoLoad given(double bytesPerSecond) {
        return new RedoLoad(bytesPerSecond, Double.NaN, "--redo-rate", "as given", List.of());
    }

    /**
     * Rates given on the command line, one per RAC instance ({@code --redo-rate 30MB/s,25MB/s} with {@code --from}):
     * their sum is the peak, and each is instance i's own peak.
     */
    public static RedoLoad given(List<Double> perInstance) {
        SortedMap<Integer, Double> peaks = new TreeMap<>();
        for (int i = 0; i < perInstance.size(); i++) {
            peaks.put(i + 1, perInstance.get(i));
        }
        return new RedoLoad(perInstance.stream().mapToDouble(Double::doubleValue).sum(), Double.NaN, "--redo-rate",
                "as given", List.of(), peaks);
    }

    public boolean fromAwr() {
        return !intervals.isEmpty();
    }

    /** The highest interval mean (instances summed): what the link carries through the busiest interval. */
    public double highestAverageBytesPerSecond() {
        return intervals.stream().mapToDouble(Interval::averageBytesPerSecond).max().orElse(peakBytesPerSecond);
    }
}
