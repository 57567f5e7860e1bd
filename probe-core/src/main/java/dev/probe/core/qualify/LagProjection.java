package dev.probe.core.qualify;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What the transport lag would have been over an AWR period had the redo crossed this link: each interval's redo
 * arrives at its mean rate, the link drains at the measured single-stream rate, and a backlog carries over
 * from interval to interval; the lag at an interval's end is the backlog over the drain rate.
 *
 * @param points one per interval, in time order
 * @param peak   the point with the largest lag (the first of equals)
 */
public record LagProjection(List<Point> points, Point peak) {
    /** The backlog and lag at the end of one AWR interval (the database's wall clock), the interval's mean and peak. */
    public record Point(LocalDateTime end, double redoBytesPerSecond, double redoPeakBytesPerSecond,
            double backlogBytes, double lagSeconds) {
    }

    /** Projects {@code load}'s intervals through a link that carries {@code carryBytesPerSecond}. */
    public static LagProjection of(RedoLoad load, double carryBytesPerSecond) {
        List<Point> points = new ArrayList<>();
        double backlog = 0;
        Point peak = null;
        for (RedoLoad.Interval i : load.intervals()) {
            backlog = Math.max(0, backlog + (i.averageBytesPerSecond() - carryBytesPerSecond) * i.seconds());
            Point p = new Point(i.end(), i.averageBytesPerSecond(), i.peakBytesPerSecond(), backlog,
                    carryBytesPerSecond > 0 ? backlog / carryBytesPerSecond : Double.POSITIVE_INFINITY);
            points.add(p);
            if (peak == null || p.lagSeconds() > peak.lagSeconds()) {
                peak = p;
            }
        }
        return new LagProjection(List.copyOf(points), peak);
    }
}
