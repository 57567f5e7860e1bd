package dev.probe.core.qualify;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.units.Sizes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a SYNC verdict adds beyond its commit time (issue 41): whether SYNC can carry the redo at all (each log write
 * waits for its acknowledgement, so one write stream carries at most its write size per commit time; the peak needs
 * writes of at least rate x commit time), and, when the round trip alone breaks the budget, the fix no setting gives:
 * a Far Sync near the primary, with the round trip it would need.
 */
public final class SyncReach {
    /** MAA: a Far Sync succeeds most often within this round trip of the primary. */
    static final double MAA_FAR_SYNC_RTT_MS = 5;

    private SyncReach() {
    }

    /** {@code v} with the write size the peak needs at this commit time and, when the distance breaks it, Far Sync. */
    public static Verdict with(Verdict v, Verdicts.SyncFigures f, Duration budget, double peakBytesPerSecond,
                               long writeSize) {
        List<String> reasons = new ArrayList<>(v.reasons());
        double commitS = f.p50Ms() / 1000;
        if (commitS > 0 && writeSize > 0 && peakBytesPerSecond > 0) {
            double needed = peakBytesPerSecond * commitS;
            double carried = writeSize / commitS;
            reasons.add(fmt("each log write waits for its acknowledgement: at %.3f ms a commit, %s writes carry "
                    + "at most %.1f MB/s, and the %.1f MB/s peak needs writes of at least %.1f KB (%s); the log "
                    + "writer's average write at the peak is AWR's redo size / redo writes", f.p50Ms(),
                    Sizes.describe(writeSize), carried / 1e6, peakBytesPerSecond / 1e6, needed / 1e3,
                    needed <= writeSize
                            ? "these writes carry it" : "larger than these: SYNC keeps up only if the log writer's "
                                    + "writes reach that size as commits group"));
        }
        double b = budget.toNanos() / 1e6;
        if (f.rttMs() > b) {
            double overhead = Math.max(0, f.networkP50Ms() - f.rttMs());
            double room = b - f.diskP50Ms() - overhead;
            reasons.add(room > 0
                    ? fmt("the round trip alone (%.3f ms) is over the %.3f ms budget: no setting makes SYNC fit at this "
                            + "distance; ship SYNC to a Far Sync within about %.2f ms round trip of the primary (the "
                            + "budget less this standby's %.3f ms disk write and %.3f ms of processing; MAA: under "
                            + "%.0f ms) and ASYNC on from there, or ship ASYNC here", f.rttMs(), b, room, f.diskP50Ms(),
                            overhead, MAA_FAR_SYNC_RTT_MS)
                    : fmt("the round trip alone (%.3f ms) is over the %.3f ms budget, and the disk write and "
                            + "processing (%.3f ms) leave no room even for a Far Sync next door: a faster standby redo "
                            + "log disk, or ASYNC", f.rttMs(), b, f.diskP50Ms() + overhead));
        }
        return new Verdict(v.name(), v.status(), reasons);
    }

}
