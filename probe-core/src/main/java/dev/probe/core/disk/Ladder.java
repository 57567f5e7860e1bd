package dev.probe.core.disk;

import java.util.ArrayList;
import java.util.List;

/**
 * The load ladder of a profile, as ORION raises it: outstanding I/Os 1, 2, 4, ... up to the maximum (always
 * measured last), and when to stop climbing: an oltp ladder once a point's mean read or write latency is over
 * the bound (deeper queues only wait longer), a dss ladder once two points in a row add less than 5 % of MB/s
 * (the device is saturated).
 */
public final class Ladder {
    private static final double SATURATED = 1.05;

    private Ladder() {
    }

    /** 1, 2, 4, ..., max. */
    public static List<Integer> steps(int max) {
        List<Integer> out = new ArrayList<>();
        for (int n = 1; n < max; n *= 2) {
            out.add(n);
        }
        out.add(max);
        return out;
    }

    /** True when the oltp point is over the latency bound (milliseconds) in reads or writes. */
    public static boolean overBound(LoadPoint p, double boundMs) {
        return p.readLatency() != null && p.readLatency().avg() > boundMs
                || p.writeLatency() != null && p.writeLatency().avg() > boundMs;
    }

    /** True when the last two of {@code points} each gained less than 5 % MB/s on the one before. */
    public static boolean saturated(List<LoadPoint> points) {
        int n = points.size();
        return n >= 3 && points.get(n - 1).mbps() < points.get(n - 2).mbps() * SATURATED
                && points.get(n - 2).mbps() < points.get(n - 3).mbps() * SATURATED;
    }

    /** The point with the highest IOPS whose reads and writes are both within the bound, or null. */
    public static LoadPoint bestWithin(List<LoadPoint> points, double boundMs) {
        LoadPoint best = null;
        for (LoadPoint p : points) {
            if (!overBound(p, boundMs) && (best == null || p.iops() > best.iops())) {
                best = p;
            }
        }
        return best;
    }

    /** The point with the most MB/s, or null. */
    public static LoadPoint peak(List<LoadPoint> points) {
        LoadPoint best = null;
        for (LoadPoint p : points) {
            if (best == null || p.mbps() > best.mbps()) {
                best = p;
            }
        }
        return best;
    }
}
