package dev.probe.core.qualify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.RunListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The transport lag of a paced run as it evolves: at each interval's end, the redo due by then (open loop,
 * message k due at k / rate) minus what the standby's TCP has acknowledged (TCP_INFO bytes_acked), over the
 * rate. Where TCP_INFO cannot be read (NIO) it falls back to what the sender wrote: a lower bound. A link
 * that keeps up shows a flat lag; one that does not, a lag growing by (rate - capacity) / rate each second.
 */
public final class LagTrace implements RunListener {
    /** Growth above this (seconds of lag per second) is not flat: 1 % of the rate is falling behind. */
    public static final double FLAT_GROWTH = 0.01;

    /** The lag at one interval's end. */
    public record Point(double tSeconds, double lagSeconds) {
    }

    private final double messagesPerSecond;
    private final long frameBytes;
    private final List<Point> points = new ArrayList<>();
    private final boolean received;
    private long written;
    private boolean fromTcp = true;
    private double nominal;

    /** For a run paced at {@code messagesPerSecond} messages of {@code length} payload bytes. */
    public LagTrace(double messagesPerSecond, long length) {
        this(messagesPerSecond, length, false);
    }

    /**
     * {@code received}: the run is a reverse one, this end receives, and its interval counts are what arrived (no
     * lower bound, and no TCP_INFO bytes acked on this side).
     */
    public LagTrace(double messagesPerSecond, long length, boolean received) {
        this.messagesPerSecond = messagesPerSecond;
        this.frameBytes = length + Frames.HEADER_LENGTH;
        this.received = received;
    }

    /**
     * Each whole interval; the run's short last one is left out: it ends after the sender stopped, with what drained
     * from the buffers since and the acks read late, so it showed a lag falling at the end of a link that was falling
     * behind (seen: 2.40 s at 6.0 s, then 1.98 s at 6.13 s, and the growth read 0.34 for 0.40 s/s).
     */
    @Override
    public void onInterval(IntervalSample s) {
        synchronized (this) {
            if (nominal == 0) {
                nominal = s.lengthSeconds();
            } else if (s.lengthSeconds() < nominal / 2) {
                return;
            }
        }
        long acked = s.tcp() == null ? 0 : s.tcp().bytesAcked();
        synchronized (this) {
            if (s.tcp() != null && acked == 0 && !received && fromTcp && !points.isEmpty()) {
                // TCP_INFO read too long after the interval's end (a busy host's late tick): its acks are dropped
                // as not of their time, and the sender's lower bound would brand the whole trace as one; no point
                written += s.bytes() + s.messages() * Frames.HEADER_LENGTH;
                return;
            }
        }
        add(s.tSeconds(), s.bytes(), s.messages(), acked);
    }

    /**
     * One interval ending {@code tSeconds} after the start: {@code bytes} in {@code messages} written (or received),
     * and TCP_INFO's bytes acked so far (0 when unknown: the lag is then the sender's lower bound).
     */
    public synchronized void add(double tSeconds, long bytes, long messages, long bytesAcked) {
        written += bytes + messages * Frames.HEADER_LENGTH;
        long arrived = written;
        if (!received && bytesAcked > 0) {
            arrived = bytesAcked;
        } else {
            fromTcp = false;
        }
        double due = Math.floor(tSeconds * messagesPerSecond + 1) * frameBytes;
        points.add(new Point(tSeconds, Math.max(0, due - arrived) / (messagesPerSecond * frameBytes)));
    }

    public synchronized List<Point> points() {
        return List.copyOf(points);
    }

    /** True when every lag came from TCP_INFO or from what arrived; false when some are the sender's lower bound. */
    public synchronized boolean fromTcp() {
        return received || fromTcp;
    }

    /** The trace's figures for a result document: growth, last lag, flat, how measured (not the points). */
    public synchronized ObjectNode summaryJson() {
        ObjectNode n = Json.object();
        n.put("growth_s_per_s", growth());
        n.put("last_s", lastLag());
        n.put("flat", flat());
        n.put("measured_by", measuredBy());
        return n;
    }

    /** How the lag was measured: tcp_bytes_acked, receiver_counts or sender_schedule (a lower bound). */
    public synchronized String measuredBy() {
        return received ? "receiver_counts" : fromTcp ? "tcp_bytes_acked" : "sender_schedule";
    }

    /** The least-squares slope of the lag over time, leaving out the first interval (slow start). */
    public synchronized double growth() {
        return growth(points);
    }

    /** The least-squares slope of {@code points}' lag over time, leaving out the first (slow start). */
    public static double growth(List<Point> points) {
        List<Point> p = fitted(points);
        if (p.size() < 2) {
            return 0;
        }
        double mt = p.stream().mapToDouble(Point::tSeconds).average().orElse(0);
        double ml = p.stream().mapToDouble(Point::lagSeconds).average().orElse(0);
        double num = 0;
        double den = 0;
        for (Point x : p) {
            num += (x.tSeconds() - mt) * (x.lagSeconds() - ml);
            den += (x.tSeconds() - mt) * (x.tSeconds() - mt);
        }
        return den == 0 ? 0 : num / den;
    }

    public synchronized double lastLag() {
        return points.isEmpty() ? 0 : points.get(points.size() - 1).lagSeconds();
    }

    /** True when the lag does not grow: its slope is at most {@link #FLAT_GROWTH}, or it did not rise steadily. */
    public synchronized boolean flat() {
        return flat(points);
    }

    /**
     * True when {@code points}' lag does not grow. A link that falls behind raises the lag in every interval, by its
     * deficit; one stall of the sender's host (a busy CPU) raises it once and then it holds or drains. So a slope over
     * {@link #FLAT_GROWTH} is growth only when the lag rose in more than half of the intervals it was fitted over: a
     * loopback run that carried 201 times its rate read "grows 0.112 s/s" from one stalled second of four.
     */
    public static boolean flat(List<Point> points) {
        return growth(points) <= FLAT_GROWTH || !steady(points);
    }

    /** The points a slope is fitted over: all but the first (slow start), when there are more than two. */
    private static List<Point> fitted(List<Point> points) {
        return points.size() > 2 ? points.subList(1, points.size()) : points;
    }

    /** True when the lag rose in more than half the steps of the fit (by at least half the flat growth each). */
    static boolean steady(List<Point> points) {
        List<Point> p = fitted(points);
        return rises(p) * 2 > p.size() - 1;
    }

    private static int rises(List<Point> p) {
        int rises = 0;
        for (int i = 1; i < p.size(); i++) {
            double dt = p.get(i).tSeconds() - p.get(i - 1).tSeconds();
            if (p.get(i).lagSeconds() - p.get(i - 1).lagSeconds() > FLAT_GROWTH / 2 * dt) {
                rises++;
            }
        }
        return rises;
    }

    /**
     * What a "flat" line adds after its slope: "" for a slope at most {@link #FLAT_GROWTH}, and for a steeper one read as
     * flat because the lag did not rise steadily, "; the lag rose in too few intervals for a link falling behind: a
     * stall".
     */
    public static String stallNote(boolean flat, double growth) {
        return flat && growth > FLAT_GROWTH ? "; the lag rose in too few intervals for a link falling behind: a stall"
                : "";
    }

    /**
     * "growing 0.0700 s/s", "flat (slope -0.0070 s/s)", or, for a slope from a lag that rose in too few intervals,
     * "flat (slope +0.1120 s/s from a lag that rose in 1 of 3 intervals: a stall, not a link falling behind)".
     */
    public synchronized String describeGrowth() {
        double g = growth();
        if (g > FLAT_GROWTH && !steady(points)) {
            List<Point> p = fitted(points);
            return String.format(Locale.ROOT, "flat (slope %+.4f s/s from a lag that rose in %d of %d intervals: a "
                    + "stall, not a link falling behind)", g, rises(p), p.size() - 1);
        }
        return flat() ? String.format(Locale.ROOT, "flat (slope %+.4f s/s)", g)
                : String.format(Locale.ROOT, "growing %.4f s/s", g);
    }
}
