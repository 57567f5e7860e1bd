package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A volume run's steady rate, what its projection rests on: the second half of its moving intervals (TCP's start-up
 * and the first pieces' set-up left out; at the end, the intervals after the data stopped, while the channels wound
 * down, and the last one that moved data, cut short), and the spread of that half's quarters, the range the
 * projection prints. On a lossy 40 ms link, 8 channels moved 0.88 Gbit/s in their first second and settled near
 * 0.13 within ten: a projection from the whole 30-second run said 0.19.
 *
 * @param gbps     the steady half's rate
 * @param lowGbps  its slowest quarter's
 * @param highGbps its fastest quarter's
 * @param fromS    where the steady half starts, seconds into the run
 * @param toS      where it ends
 */
public record SteadyRate(double gbps, double lowGbps, double highGbps, double fromS, double toS) {

    /** Intervals a run needs before it has a steady half to speak of. */
    static final int MIN_INTERVALS = 4;
    /** The steady half is cut into this many windows for the range (fewer when it has fewer intervals). */
    static final int WINDOWS = 4;

    /** The steady half of {@code intervals}, or null when there are too few of them or they moved nothing. */
    public static SteadyRate of(List<BulkProgress> intervals) {
        int n = intervals.size();
        while (n > 0 && intervals.get(n - 1).bytes() == 0) {
            n--;
        }
        n--;
        if (n < MIN_INTERVALS) {
            return null;
        }
        int first = n / 2;
        double from = intervals.get(first - 1).tSeconds();
        double to = intervals.get(n - 1).tSeconds();
        double gbps = rate(intervals, first, n);
        int windows = Math.min(WINDOWS, n - first);
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (int w = 0; w < windows; w++) {
            double r = rate(intervals, first + w * (n - first) / windows, first + (w + 1) * (n - first) / windows);
            low = Math.min(low, r);
            high = Math.max(high, r);
        }
        return gbps > 0 && to > from ? new SteadyRate(gbps, low, high, from, to) : null;
    }

    /** Intervals {@code [a, b)}'s bytes over their time, Gbit/s. */
    private static double rate(List<BulkProgress> intervals, int a, int b) {
        long bytes = 0;
        for (int i = a; i < b; i++) {
            bytes += intervals.get(i).bytes();
        }
        double seconds = intervals.get(b - 1).tSeconds() - intervals.get(a - 1).tSeconds();
        return seconds > 0 ? bytes * 8 / seconds / 1e9 : 0;
    }

    /** The minutes {@code dbSize} bytes take at the fastest quarter's rate. */
    public double minutesLow(long dbSize) {
        return BulkSummary.projectedMinutes(dbSize, highGbps);
    }

    /** The minutes {@code dbSize} bytes take at the slowest quarter's rate (infinite when a quarter moved nothing). */
    public double minutesHigh(long dbSize) {
        return BulkSummary.projectedMinutes(dbSize, lowGbps);
    }

    /** The minutes {@code dbSize} bytes take at this rate, and at its slowest and fastest quarter's. */
    public ObjectNode toJson(ObjectNode n, long dbSize) {
        n.put("basis", "steady half");
        n.put("steady_gbps", gbps);
        n.put("from_s", fromS);
        n.put("to_s", toS);
        n.put("quarter_gbps_low", lowGbps);
        n.put("quarter_gbps_high", highGbps);
        n.put("minutes_low", minutesLow(dbSize));
        if (lowGbps > 0) {
            n.put("minutes_high", minutesHigh(dbSize));
        }
        return n;
    }
}
