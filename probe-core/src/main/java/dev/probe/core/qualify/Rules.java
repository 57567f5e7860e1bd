package dev.probe.core.qualify;

import static dev.probe.core.units.Text.fmt;

import dev.probe.model.PathModel;

/**
 * The status rules every path judges by, defined once: a single link, a RAC node, a plan's hop, a relayed hop, a
 * catch-up and a Recovery Appliance's backups call these and hold no threshold of their own. The reasons they print
 * differ by what was measured; the PASS, MARGINAL and FAIL lines are these.
 */
public final class Rules {
    /** A stream keeps up when it carried at least this share of what it must (the rest is a message in flight). */
    public static final double KEEPS_UP = 0.97;
    /** The MSS taken where TCP_INFO gave none: the paper's Internet paths' 1448 bytes (MTU 1500, timestamps on). */
    public static final int DEFAULT_MSS = PathModel.PAPER_MSS;

    private Rules() {
    }

    /** Whether {@code carried} is at least {@link #KEEPS_UP} of {@code must} (both in one unit). */
    public static boolean keepsUp(double carried, double must) {
        return carried >= KEEPS_UP * must;
    }

    /**
     * Whether a hop whose lag was traced kept up: {@link #keepsUp(double, double)} over the whole phase, or a lag whose
     * slope after the first interval is at most {@link LagTrace#FLAT_GROWTH}: it then carried at least 99 % of its rate
     * from there on, and the whole phase's share is short only by a delay it started with and held (a CI run's relay
     * through a 40 ms lossy hop: 96 % over 23 s, the lag flat at 0.97 s, slope +0.0044 s/s).
     */
    public static boolean keepsUp(double carried, double must, double lagGrowth) {
        return keepsUp(carried, must) || lagGrowth <= LagTrace.FLAT_GROWTH;
    }

    /**
     * The carried line's note where only the steady lag says the hop kept up: "; the lag held at 0.97 s from the first
     * interval on (slope +0.0044 s/s): a delay it started with, not a shortfall"; "" otherwise.
     */
    public static String heldNote(double carried, double must, double lagGrowth, double lastLagS) {
        return keepsUp(carried, must) || !keepsUp(carried, must, lagGrowth) ? ""
                : fmt("; the lag held at %.2f s from the first interval on (slope "
                        + "%+.4f s/s): a delay it started with, not a shortfall", lastLagS, lagGrowth);
    }

    /** An ASYNC hop whose lag's slope is known: PASS when its lag stayed flat and it kept up by either measure. */
    public static Verdict.Status carried(double carried, double must, boolean lagFlat, double lagGrowth) {
        return lagFlat && keepsUp(carried, must, lagGrowth) ? Verdict.Status.PASS : Verdict.Status.FAIL;
    }

    /**
     * A relayed hop: {@link #carried(double, double, boolean, double)}, but PASS where what it fell short by reached
     * its relay late while the far site took all it was sent ({@code lateUpstream}): the hop before the relay's
     * stalls, judged by that hop's verdict, or on one host the host's CPU.
     */
    public static Verdict.Status relayed(double carried, double must, boolean lagFlat, double lagGrowth,
                                         boolean lateUpstream) {
        return lateUpstream ? Verdict.Status.PASS : carried(carried, must, lagFlat, lagGrowth);
    }

    /** An ASYNC stream or hop: PASS when it kept up with what it must carry and its lag stayed flat, else FAIL. */
    public static Verdict.Status carried(double carried, double must, boolean lagFlat) {
        return keepsUp(carried, must) && lagFlat ? Verdict.Status.PASS : Verdict.Status.FAIL;
    }

    /**
     * A commit's added time against its budget, all in ms: PASS when the p99 fits, MARGINAL when only the centre (the
     * p50, or a RAC node's mean where agents report no p50) does, FAIL otherwise.
     */
    public static Verdict.Status commit(double centreMs, double p99Ms, double budgetMs) {
        return p99Ms <= budgetMs ? Verdict.Status.PASS : centreMs <= budgetMs ? Verdict.Status.MARGINAL
                : Verdict.Status.FAIL;
    }

    /**
     * Catching up after an outage: FAIL when it never ends, MARGINAL when it ends but the live redo fell behind beside
     * the gap or the gap pushed a SYNC hop's commits out of their budget, PASS otherwise.
     */
    public static Verdict.Status catchUp(boolean ends, boolean liveKeepsUp, boolean commitsSlowed) {
        return !ends ? Verdict.Status.FAIL : liveKeepsUp && !commitsSlowed ? Verdict.Status.PASS
                : Verdict.Status.MARGINAL;
    }

    /**
     * What a hop carried against what it must, the first words of every path's ASYNC hop verdict: "carried 2.9 MB/s
     * of the 3.0 MB/s it must carry (97 %)" (bytes/s in, MB/s out, Oracle's decimal units).
     */
    public static String carriedLine(double carriedBytesPerS, double mustBytesPerS) {
        return fmt("carried %.1f MB/s of the %.1f MB/s it must carry (%.0f %%)",
                carriedBytesPerS / 1e6, mustBytesPerS / 1e6, 100 * carriedBytesPerS / mustBytesPerS);
    }

    /**
     * The lag line of an ASYNC stream whose connection never left this host (loopback, or one of its own addresses):
     * both ends share its CPU, so a lag that grew {@code where} ("at the peak rate") is the host falling behind, not a
     * link, and is not a FAIL of its own.
     */
    public static String hostLag(double growth, double lastLagS, String where) {
        return fmt("transport lag grew %.3f s per second %s (%.2f s at the end of the run) on a connection that never "
                + "left this host: both ends share its CPU, so the host fell behind, not a link; qualify across the "
                + "link to judge it", growth, where, lastLagS);
    }

    /** A yes-or-no rule (a backup within its log switch, a path that carries full-size packets). */
    public static Verdict.Status holds(boolean holds) {
        return holds ? Verdict.Status.PASS : Verdict.Status.FAIL;
    }
}
