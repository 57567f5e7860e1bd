package dev.probe.core.qualify;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.result.LatencyStats;
import dev.probe.core.units.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The rules that turn the measurements into verdicts; every reason names the figure it rests on. */
public final class Verdicts {
    /** MAA: SYNC has "greater success when round trip latency is less than 5 ms". */
    public static final double MAA_SYNC_RTT_MS = 5;

    private Verdicts() {
    }

    /** What a SYNC verdict rests on: the added commit time's percentiles in ms and the round trip. */
    public record SyncFigures(String name, double p50Ms, double p99Ms, double p999Ms, double networkP50Ms,
            double diskP50Ms, double rttMs, double fastSyncP50Ms) {
    }

    /** PASS when the tuned single stream carries the required bandwidth with a flat lag (and resolves the gap). */
    public static Verdict async(AsyncFigures f) {
        List<String> reasons = new ArrayList<>();
        boolean fail = false;
        if (f.singleStreamBps() < f.requiredBitsPerS()) {
            fail = true;
            reasons.add(fmt(
                    "bandwidth short by %.1f Mbit/s: one stream carries %.1f Mbit/s, the redo needs %.1f Mbit/s",
                    (f.requiredBitsPerS() - f.singleStreamBps()) / 1e6, f.singleStreamBps() / 1e6, f
                            .requiredBitsPerS() / 1e6));
        } else {
            reasons.add(fmt("one stream carries %.1f Mbit/s = %.2f x the required %.1f Mbit/s (headroom)",
                    f.singleStreamBps() / 1e6, f.singleStreamBps() / f.requiredBitsPerS(), f.requiredBitsPerS() / 1e6));
        }
        reasons.addAll(f.limit().reasons(f.controls(), f.congestion()));
        if (f.bufferClamped()) {
            reasons.add(fmt("socket buffers clamped: asked %d bytes (3 x BDP), the OS set %d; %s",
                    f.bufferRequested(), f.bufferGranted(), f.limit().limit() == StreamLimit.Limit.BUFFERS
                            ? "raise the sysctls below on both hosts"
                            : "the sysctls below allow the full buffer, though the buffer is not what limits this stream"));
        }
        if (!f.lagFlat() && f.onThisHost()) {
            reasons.add(Rules.hostLag(f.lagGrowth(), f.lastLagSeconds(), "at the peak rate"));
        } else if (!f.lagFlat()) {
            fail = true;
            reasons.add(fmt("transport lag grows %.3f s per second at the peak rate (%.2f s at the end of the run)",
                    f.lagGrowth(), f.lastLagSeconds()));
        } else {
            reasons.add(fmt("transport lag flat at the peak rate (%.2f s at the end, slope %+.4f s/s%s)",
                    f.lastLagSeconds(), f.lagGrowth(), LagTrace.stallNote(true, f.lagGrowth())));
        }
        if (f.gapBytes() > 0) {
            double s = Sizing.gapSeconds(f.gapBytes(), f.singleStreamBps() / 8, f.peakBytesPerSecond());
            boolean late = s > f.gapWithin().toMillis() / 1000.0;
            fail |= late;
            reasons.add(fmt("a %.1f GB gap resolves in %s while redo arrives at the peak (%s --gap-within %s)",
                    f.gapBytes() / 1e9, Double.isInfinite(s) ? "never (no bandwidth to spare)" : Durations.readable(s),
                    late ? "over" : "within", Durations.readable(f.gapWithin().toMillis() / 1000.0)));
        }
        return new Verdict("ASYNC", Rules.holds(!fail), reasons);
    }

    /** PASS when p99 added commit time fits the budget, MARGINAL when only p50 does, FAIL otherwise. */
    public static Verdict sync(SyncFigures f, Duration budget) {
        double b = budget.toNanos() / 1e6;
        Verdict.Status status = Rules.commit(f.p50Ms(), f.p99Ms(), b);
        List<String> reasons = new ArrayList<>();
        reasons.add(fmt("added commit time p50 %.3f / p99 %.3f / p99.9 %.3f ms against the %.3f ms budget",
                f.p50Ms(), f.p99Ms(), f.p999Ms(), b));
        reasons.add(fmt("at p50: network %.3f ms, standby disk %.3f ms", f.networkP50Ms(), f.diskP50Ms())
                + beyondRoundTrip(f.networkP50Ms(), f.rttMs()));
        reasons.add(fmt("round trip %.3f ms; MAA: SYNC is usually chosen below ~%.0f ms RTT", f.rttMs(),
                MAA_SYNC_RTT_MS));
        if (Double.isFinite(f.fastSyncP50Ms())) {
            reasons.add(fmt("AFFIRM adds %.3f ms at p50 over FASTSYNC (%.3f ms): the standby's redo log write",
                    f.p50Ms() - f.fastSyncP50Ms(), f.fastSyncP50Ms()));
        }
        return new Verdict(f.name(), status, reasons);
    }

    /**
     * Where a SYNC message's time beyond the disk is well over the round trip ({@code > 2 x rtt + 1 ms}), what else it
     * holds: each message's own transfer at the link's rate, and the two ends' processes (on a busy host, their wait
     * for a CPU: run 97 put a loopback's 0.497 ms round trip beside 198.574 ms messages). Empty otherwise.
     */
    static String beyondRoundTrip(double networkMs, double rttMs) {
        if (!(rttMs > 0) || !(networkMs > 2 * rttMs + 1)) {
            return "";
        }
        return fmt(" (the round trip alone is %.3f ms: the other %.3f ms are each message's transfer and the two "
                + "hosts' processes, which on a busy host wait for a CPU)", rttMs, networkMs - rttMs);
    }

    /**
     * {@code v} with a warning when its percentiles rest on too few round trips ({@link LatencyStats#thin}): a step
     * of a second at 20 ms has 50, so its p99 and p99.9 are its largest one or two.
     */
    public static Verdict thinTail(Verdict v, LatencyStats l) {
        if (l == null || !l.thin(99.9)) {
            return v;
        }
        List<String> reasons = new ArrayList<>(v.reasons());
        reasons.add(fmt("%d round trips: %s fewer than %d samples beyond %s, so %s little more than the largest few; "
                + "a longer step (--budget) gives the tail meaning", l.count(), l.thin(99) ? "p99 and p99.9 rest on"
                        : "p99.9 rests on", LatencyStats.TAIL, l.thin(99) ? "each" : "it", l.thin(99) ? "they are"
                                : "it is"));
        return new Verdict(v.name(), v.status(), reasons);
    }

    /** {@code v} with the load's reasons after its own: what idle and loaded show, and what the load carried. */
    public static Verdict underLoad(Verdict v, String beside, LoadFigures load) {
        List<String> reasons = new ArrayList<>(v.reasons());
        reasons.add(0, fmt("measured under %s (--under-load %s); %s", load.described(), load.load(), beside));
        reasons.add(loadLine(load));
        if (load.failure() != null) {
            reasons.add("the load ended early: " + load.failure());
        }
        return new Verdict(v.name(), v.status(), reasons);
    }

    /**
     * {@code v} with a caveat when its one-stream step retransmitted fewer than {@link #FEW_RETRANSMITS} segments:
     * a handful of loss events, so the rate between them is chance (on the lab's 40 ms, 0.1 % link, 4-second steps
     * ran one stream at 15-65 Mbit/s from run to run, and one run in five named the path instead of the loss). It
     * names the run's own {@code budget} and the one that would give the step enough events at the rate it saw.
     */
    public static Verdict fewLossEvents(Verdict v, long retransmits, Duration stepLength, Duration budget) {
        if (retransmits <= 0 || retransmits >= FEW_RETRANSMITS) {
            return v;
        }
        List<String> reasons = new ArrayList<>(v.reasons());
        double enough = Math.ceil(budget.toSeconds() * (double) FEW_RETRANSMITS / retransmits / 60);
        reasons.add(fmt("the one-stream step (%d s) retransmitted %d segment%s: too few loss events for its rate to "
                + "say what the loss allows; this run's --budget of %s gave it that step, and about %.0f min would "
                + "give it %d", stepLength.toSeconds(), retransmits, retransmits == 1 ? "" : "s",
                Durations.describe(budget), enough, FEW_RETRANSMITS));
        return new Verdict(v.name(), v.status(), reasons);
    }

    /** Fewer retransmitted segments than this in the one-stream step: too few loss events to read a rate from. */
    static final long FEW_RETRANSMITS = 20;

    /**
     * {@code v} with why the redo fell behind only under the load: beside it the stream got {@code carriedBitsPerS} of the
     * {@code peakBitsPerS} it needs, its share of a path the load's channels also fill, and what would help.
     */
    public static Verdict fairShare(Verdict v, double carriedBitsPerS, double peakBitsPerS, LoadFigures load) {
        List<String> reasons = new ArrayList<>(v.reasons());
        reasons.add(1, fmt("idle the stream keeps up; beside %s it carried %.1f Mbit/s of the %.1f Mbit/s the peak "
                + "needs: a share of a path the load fills. Give redo a class of its own (DSCP with QoS on the "
                + "path; --dscp tests the marking) or cap the backup (RMAN's RATE, or fewer channels)",
                load.described(), carriedBitsPerS / 1e6, peakBitsPerS / 1e6));
        return new Verdict(v.name(), v.status(), reasons);
    }

    /**
     * What the load carried and what the redo cost it, each rate the median of one-second windows: no cost where
     * the two flowed in opposite directions or the load had not settled before the loaded steps.
     */
    public static String loadLine(LoadFigures load) {
        String figures = loadFigures(load);
        return figures == null ? "the load's rates are unknown (too short to measure)" : "the load carried " + figures;
    }

    /** {@link #loadLine} without its subject ("527.5 Mbit/s alone and ..."), or null when neither rate is known. */
    public static String loadFigures(LoadFigures load) {
        String alone = Double.isFinite(load.aloneBps()) ? fmt("%.1f Mbit/s alone", load.aloneBps() / 1e6) : "";
        String beside = Double.isFinite(load.besideBps()) ? fmt("%.1f Mbit/s beside the redo", load.besideBps() / 1e6)
                : "";
        String carried = (alone.isEmpty() ? beside : beside.isEmpty() ? alone : alone + " and " + beside)
                + " (medians of one-second windows)";
        if (alone.isEmpty() && beside.isEmpty()) {
            return null;
        }
        if (!load.sameDirection()) {
            return carried + "; it flowed the other way from the redo, so no cost is put on the redo";
        }
        if (!load.settled()) {
            return carried + "; its rate had not settled within " + StepPlan.LOAD_RAMP.toSeconds() + " s (one-second "
                    + "rates still more than " + Math.round(LoadTrace.SPREAD * 100) + " % apart), so no cost is put "
                    + "on the redo";
        }
        double drop = load.drop();
        if (!Double.isFinite(drop)) {
            return carried;
        }
        if (drop < 0) {
            return carried + fmt(": %.0f %% more beside the redo (no cost)", -drop * 100);
        }
        double cost = load.cost();
        return carried + (cost < drop ? fmt(": %.0f %% less beside the redo, of which a redo stream of %.1f Mbit/s "
                + "can have taken at most %.0f %%; the rest is the path's own variation", drop * 100,
                load.redoBps() / 1e6, cost * 100) : fmt(": %.0f %% less beside the redo", cost * 100));
    }

    /**
     * Idle against loaded SYNC percentiles, the change labelled as a change: "idle p50 0.210 / p99 0.400 / p99.9
     * 0.500 ms; under load p50 12.310 / p99 14.100 ms (p50 12.100 ms more, p99 13.700 ms more)".
     */
    public static String syncBeside(SyncFigures idle, SyncFigures loaded) {
        return fmt("idle p50 %.3f / p99 %.3f / p99.9 %.3f ms; under load p50 %.3f / p99 %.3f ms (p50 %s, p99 %s)",
                idle.p50Ms(), idle.p99Ms(), idle.p999Ms(), loaded.p50Ms(), loaded.p99Ms(),
                change(loaded.p50Ms() - idle.p50Ms()), change(loaded.p99Ms() - idle.p99Ms()));
    }

    /** A latency change in words: "1.200 ms more", "0.300 ms less". */
    static String change(double deltaMs) {
        return fmt("%.3f ms %s", Math.abs(deltaMs), deltaMs >= 0 ? "more" : "less");
    }

    /** Idle against loaded lag at the peak rate. */
    public static String lagBeside(LagTrace idle, LagTrace loaded) {
        return fmt("lag at the peak rate: idle %.2f s at the end (%s), loaded %.2f s (%s)", idle.lastLag(),
                idle.describeGrowth(), loaded.lastLag(), loaded.describeGrowth());
    }

}
