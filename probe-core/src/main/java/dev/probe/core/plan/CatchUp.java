package dev.probe.core.plan;

import dev.probe.core.client.RunStop;
import dev.probe.core.qualify.Rules;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.RunListener;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Catching up after an outage, as Oracle's notes size it: {@code backlog / (gap throughput - redo rate)}, where the
 * gap throughput is what the hop carries for the destination while gap resolution runs: the gap connections' bytes
 * plus the live redo's, both measured together on the same path over the gap's window, so no hop is credited with
 * more than its link carried. The backlog drains at what the gap carries less what the live stream failed to carry.
 * Measured that way too: what is owed is the backlog plus the redo generated since, what is delivered is the gap's
 * acknowledged bytes plus the live redo's (never more than was generated), and the standby is caught up when what is
 * still owed falls under a second of redo. It only ends when the hop carries more than the redo comes, and when the
 * live redo on its own (the redo phase, without the gap) keeps up: otherwise the standby falls behind again once the
 * gap is sent. A SYNC hop's live redo is the log writer's fixed-size writes back to back, counted up to the redo:
 * where even alone they carry less (the round trip bounds fixed-size writes; the log writer's grow), that understates
 * the live redo and the catch-up errs long. Its time is the formula's, and what the gap does to it is its commit time.
 *
 * @param backlogBytes    what the outage left owed
 * @param redoBytesPerS   the redo rate the hop carries meanwhile
 * @param gapBytesPerS    what the gap connections carried beside the live redo
 * @param liveBytesPerS   what the live redo carried beside the gap, over the gap's window (NaN: not measured)
 * @param aloneBytesPerS  what the live redo carried on its own, in the redo phase (NaN: not measured)
 * @param measuredSeconds when the delivered bytes passed the backlog plus the redo since; NaN when not in the window
 * @param windowSeconds   how long the catch-up was watched (the gap ends when it has sent the backlog)
 * @param commitP99Ms     a SYNC or FASTSYNC hop's write time p99 beside the gap (NaN for ASYNC)
 * @param gapSent         the gap was counted as sent, not as acknowledged (a relay's agent reports no
 *                        acknowledgements): no measured time, only the formula's from the gap's rate over the window
 * @param sync            the live redo is SYNC or FASTSYNC writes back to back, not the redo paced at its rate
 */
public record CatchUp(double backlogBytes, double redoBytesPerS, double gapBytesPerS, double liveBytesPerS,
        double aloneBytesPerS, double measuredSeconds, double windowSeconds, double commitP99Ms,
        boolean gapSent, boolean sync) {
    /** This catch-up with its gap counted as sent: a send buffer's worth early, so no measured time is claimed. */
    public CatchUp countedAsSent() {
        return new CatchUp(backlogBytes, redoBytesPerS, gapBytesPerS, liveBytesPerS, aloneBytesPerS, Double.NaN,
                windowSeconds, commitP99Ms, true, sync);
    }

    /**
     * This catch-up with the live redo's rate read over its own run ({@code bytesPerS}): a relayed hop's live redo is
     * timed by its relay's clock and its gap by the relay agent's fan-out, so the gap's window does not line up with
     * the live trace (a loopback run read 86 % of a live redo that carried all of it).
     */
    public CatchUp withLive(double bytesPerS) {
        return new CatchUp(backlogBytes, redoBytesPerS, gapBytesPerS, bytesPerS, aloneBytesPerS, measuredSeconds,
                windowSeconds, commitP99Ms, gapSent, sync);
    }

    /**
     * Caught up, measured: what is still owed is under this many seconds of redo, the transport lag Data Guard
     * reports in whole seconds (a stream always has some redo in flight, so owing nothing is never seen).
     */
    static final double CAUGHT_UP_LAG_S = 1.0;

    /**
     * The live redo delivered beside the gap, bytes/s: what it carried over the gap's window, at most the redo (a
     * SYNC hop's writes back to back carry more than the redo on a fast path; beyond it nothing is owed). 0 when not
     * measured: nothing is assumed delivered.
     */
    public double liveDeliveredBytesPerS() {
        return liveBytesPerS >= 0 ? Math.min(liveBytesPerS, redoBytesPerS) : 0;
    }

    /** Whether the live redo kept up beside the gap (else the standby's lag grows until the gap is resolved). */
    public boolean liveKeepsUp() {
        return Rules.keepsUp(liveDeliveredBytesPerS(), redoBytesPerS);
    }

    /**
     * Whether the live redo keeps up once the gap is sent (what it carried in the redo phase); a SYNC hop's writes
     * are judged by its own verdict (the write size the peak needs), not here.
     */
    public boolean aloneKeepsUp() {
        return sync || Double.isNaN(aloneBytesPerS) || Rules.keepsUp(aloneBytesPerS, redoBytesPerS);
    }

    /** Oracle's gap throughput: the gap plus the live redo delivered, both measured over the gap's window. */
    public double carriedBytesPerS() {
        return gapBytesPerS + liveDeliveredBytesPerS();
    }

    /** Whether it ever ends: more carried than the redo comes, and the live redo keeps up on its own after. */
    public boolean ends() {
        return aloneKeepsUp() && carriedBytesPerS() > redoBytesPerS;
    }

    /** {@code backlog / (gap + live - redo)}; infinite when it never ends. */
    public double formulaSeconds() {
        return ends() ? backlogBytes / (carriedBytesPerS() - redoBytesPerS) : Double.POSITIVE_INFINITY;
    }

    /**
     * A stream's acknowledged bytes over time (TCP_INFO's bytes acked, else what was written); with {@link #until} it
     * asks its run to stop once they pass a volume, as gap resolution ends when the backlog is sent.
     */
    static final class Trace implements RunListener {
        private final List<double[]> points = new ArrayList<>();
        private final long stopAt;
        private final RunStop stop;
        private long written;

        Trace() {
            this(Long.MAX_VALUE, null);
        }

        private boolean fromAcks;

        private Trace(long stopAt, RunStop stop) {
            this.stopAt = stopAt;
            this.stop = stop;
        }

        /** A trace that requests {@code stop} once its stream's acknowledged bytes pass {@code bytes}. */
        static Trace until(long bytes, RunStop stop) {
            return new Trace(bytes, stop);
        }

        @Override
        public void onInterval(IntervalSample s) {
            long acked = s.tcp() == null ? 0 : s.tcp().bytesAcked();
            long bytes;
            synchronized (this) {
                written += s.bytes();
                if (acked == 0 && fromAcks) {
                    return; // the last sample, read after the data's end, carries no acks: written is not sent
                }
                fromAcks |= acked > 0;
                bytes = acked > 0 ? acked : written;
                points.add(new double[] {s.tSeconds(), bytes});
            }
            if (bytes >= stopAt) {
                stop.request("the backlog is sent");
            }
        }

        /** {@code bytes} delivered in all by {@code tSeconds} (a relay's or an agent's report). */
        synchronized void add(double tSeconds, double bytes) {
            points.add(new double[] {tSeconds, bytes});
        }

        synchronized List<double[]> points() {
            return List.copyOf(points);
        }

        /** The bytes at {@code t}, read linearly between the points (0 before the first, the last after it). */
        double at(double t) {
            return at(points(), t);
        }

        /** {@link #at(double)} on a snapshot of the points, taken once for many readings. */
        static double at(List<double[]> points, double t) {
            double[] before = {0, 0};
            for (double[] p : points) {
                if (p[0] >= t) {
                    double share = p[0] == before[0] ? 1 : (t - before[0]) / (p[0] - before[0]);
                    return before[1] + (p[1] - before[1]) * share;
                }
                before = p;
            }
            return before[1];
        }
    }

    /**
     * The catch-up the traces show for {@code backlogBytes} owed while redo comes at {@code redoBytesPerS}: the
     * {@code gap} connections and the {@code live} redo beside them (null: not measured), the live redo having carried
     * {@code aloneBytesPerS} on its own; a SYNC hop ({@code sync}) has {@code commitP99Ms}, its write time beside the
     * gap, and no measured crossing (its writes' rate is not the redo's).
     */
    static CatchUp of(double backlogBytes, double redoBytesPerS, Trace gap, Trace live, double aloneBytesPerS,
                      double commitP99Ms, boolean sync) {
        List<double[]> p = gap.points();
        List<double[]> l = live == null ? null : live.points();
        if (p.isEmpty() || p.get(p.size() - 1)[0] <= 0) {
            return new CatchUp(backlogBytes, redoBytesPerS, 0, Double.NaN, aloneBytesPerS, Double.NaN, 0,
                    commitP99Ms, false, sync);
        }
        double[] last = p.get(p.size() - 1);
        double liveBytesPerS = l == null || l.isEmpty() ? Double.NaN : Trace.at(l, last[0]) / last[0];
        TreeSet<Double> times = new TreeSet<>();
        p.forEach(at -> times.add(at[0]));
        if (l != null) {
            l.forEach(at -> times.add(at[0]));
        }
        double enough = redoBytesPerS * CAUGHT_UP_LAG_S;
        double crossed = Double.NaN;
        double t0 = 0;
        double short0 = backlogBytes;
        if (!sync && l != null) { // a SYNC hop's writes are not the redo's rate: no crossing is read from them
            for (double t : times) {
                double generated = redoBytesPerS * t;
                double shortBy = backlogBytes + generated - Trace.at(p, t) - Math.min(Trace.at(l, t), generated);
                if (shortBy <= enough) {
                    crossed = short0 <= enough ? t0 : t0 + (t - t0) * (short0 - enough) / (short0 - shortBy);
                    break;
                }
                t0 = t;
                short0 = shortBy;
            }
        }
        return new CatchUp(backlogBytes, redoBytesPerS, last[1] / last[0], liveBytesPerS, aloneBytesPerS, crossed,
                times.last(), commitP99Ms, false, sync);
    }
}
