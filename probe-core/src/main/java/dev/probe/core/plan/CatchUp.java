package dev.probe.core.plan;

import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.RunListener;
import java.util.ArrayList;
import java.util.List;

/**
 * Catching up after an outage, as Oracle's notes size it: the backlog (the redo of the outage) goes over gap
 * resolution's connections while the redo keeps coming, and the redo generated meanwhile joins what is owed, so the
 * standby is caught up when the gap connections have carried the backlog plus the redo since they started:
 * {@code backlog / (gap throughput - redo rate)}, never when the gap throughput does not exceed the redo rate. Both
 * figures come from one run: the formula from the gap's measured rate, and the time the gap's acknowledged bytes
 * really crossed {@code backlog + redo x t} when that happened within the measured window.
 *
 * @param backlogBytes    what the outage left owed
 * @param redoBytesPerS   the redo rate the hop carries meanwhile
 * @param gapBytesPerS    what the gap connections carried beside the live redo
 * @param measuredSeconds when the gap's bytes crossed the backlog plus the redo since; NaN when not within the window
 * @param windowSeconds   how long the gap connections ran
 * @param liveBytesPerS   what an ASYNC hop's live redo carried beside the gap (NaN for SYNC, whose writes run back
 *                        to back)
 */
public record CatchUp(double backlogBytes, double redoBytesPerS, double gapBytesPerS, double measuredSeconds,
                      double windowSeconds, double liveBytesPerS) {
    /** Whether the live redo kept up beside the gap (always, for a SYNC hop's back-to-back writes). */
    public boolean liveKeepsUp() {
        return Double.isNaN(liveBytesPerS) || liveBytesPerS >= PlanVerdicts.KEEPS_UP * redoBytesPerS;
    }

    /** Whether it ever ends: the live redo keeps up, and the gap moves faster than the redo comes. */
    public boolean ends() {
        return liveKeepsUp() && gapBytesPerS > redoBytesPerS;
    }

    /** {@code backlog / (gap - redo)}; infinite when it never ends. */
    public double formulaSeconds() {
        return ends() ? backlogBytes / (gapBytesPerS - redoBytesPerS) : Double.POSITIVE_INFINITY;
    }

    /** The gap stream's acknowledged bytes over time (TCP_INFO's bytes acked, else what was written). */
    static final class Trace implements RunListener {
        private final List<double[]> points = new ArrayList<>();
        private long written;

        @Override
        public synchronized void onInterval(IntervalSample s) {
            written += s.bytes();
            long acked = s.tcp() == null ? 0 : s.tcp().bytesAcked();
            points.add(new double[] {s.tSeconds(), acked > 0 ? acked : written});
        }

        synchronized List<double[]> points() {
            return List.copyOf(points);
        }
    }

    /**
     * The catch-up {@code trace} shows for {@code backlogBytes} owed while redo comes at {@code redoBytesPerS}, the
     * live redo beside it having carried {@code liveBytesPerS} (NaN: not judged).
     */
    static CatchUp of(double backlogBytes, double redoBytesPerS, Trace trace, double liveBytesPerS) {
        List<double[]> p = trace.points();
        if (p.size() < 2) {
            return new CatchUp(backlogBytes, redoBytesPerS, 0, Double.NaN, p.isEmpty() ? 0 : p.get(0)[0],
                    liveBytesPerS);
        }
        double[] last = p.get(p.size() - 1);
        double gap = last[1] / last[0];
        double crossed = Double.NaN;
        double[] before = {0, 0};
        for (double[] at : p) {
            double owedBefore = backlogBytes + redoBytesPerS * before[0];
            double owedAt = backlogBytes + redoBytesPerS * at[0];
            if (at[1] >= owedAt) {
                double a = before[1] - owedBefore;
                double b = at[1] - owedAt;
                crossed = before[0] + (at[0] - before[0]) * (-a / (b - a));
                break;
            }
            before = at;
        }
        return new CatchUp(backlogBytes, redoBytesPerS, gap, crossed, last[0], liveBytesPerS);
    }
}
