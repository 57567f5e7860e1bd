package dev.probe.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How far a prediction may miss, from cross-validation that extrapolates as users do: each of the paper's round
 * trips left out and predicted from the rest, each loss rate likewise, each operation from the other, and the
 * private link's column by round trip. Errors are log ratios ({@code |ln(model / measured)|}), so a range
 * {@code T e^-b .. T e^b} holds a cell exactly when its error is at most b. Within the paper's grid the range is
 * the 90th percentile of the leave-one-round-trip-out errors; beyond it, each step away from the data widens it
 * by what the cross-validation lost per decade of extrapolation.
 *
 * @param rttOut        90th percentile of the leave-one-RTT-out errors on the Internet cells
 * @param rttPerDecade  those errors on the grid's edge round trips, per decade they were extrapolated
 * @param lossOut       90th percentile of the leave-one-loss-out errors
 * @param lossPerDecade those on the edge losses (0.1 % from 0.5-1 %, 1 % from 0.1-0.5 %), per decade
 * @param operationOut  90th percentile of each operation predicted from the other's fit
 * @param privateRttOut 90th percentile of the loss-free fit's leave-one-RTT-out errors on the FC column
 */
public record Spread(double rttOut, double rttPerDecade, double lossOut, double lossPerDecade, double operationOut,
        double privateRttOut) {

    /**
     * How channels add below the link's cap, {@code T(N) = T(35) (N / 35)^CHANNEL_GAMMA}: the paper's cells all have
     * 35, so this comes from this project's lab (2026-11-28, 40 ms, 0.1 %, steady halves of 60-second runs: 4, 8, 16
     * and 32 channels on 1 Gbit/s carried 0.071, 0.123, 0.248 and 0.511 Gbit/s; 35 and 65 on 2 Gbit/s, twice each,
     * 0.539 and 0.566, 1.016 and 1.031; least squares of log T on log N over the eight runs).
     */
    public static final double CHANNEL_GAMMA = 0.975;
    /**
     * The exponent's ends a range allows: from {@code N^1} (each stream loses alone, as under the paper's random
     * loss) down to {@code N^0.85} (streams sharing a queue's losses, as Hacker et al. and Altman et al. find on a
     * congested path); the lab's neighbouring counts gave 0.79 to 1.04, and 35 to 65 gave 1.00.
     */
    public static final double CHANNEL_GAMMA_LOW = 0.85;
    public static final double CHANNEL_GAMMA_HIGH = 1;

    /** Which way a part widens a range. */
    public enum Side { BOTH, DOWN, UP }

    /** One part of a range: its log width, which way, and why. */
    public record Part(double width, Side side, String why) {
    }

    /** A range's log widths below and above the prediction, and the parts they add up from. */
    public record Band(double down, double up, List<Part> parts) {
        public Band {
            parts = List.copyOf(parts);
        }

        /** The width of the first part: the cross-validated range every prediction starts from. */
        public double baseWidth() {
            return parts.isEmpty() ? 0 : parts.get(0).width();
        }

        /** This range widened both ways by {@code width}, for {@code why}. */
        public Band widened(double width, String why) {
            List<Part> more = new ArrayList<>(parts);
            more.add(new Part(width, Side.BOTH, why));
            return sum(more);
        }

        /** "leave-one-RTT-out 90th percentile 9.8 %; loss 0.05 % is 0.30 decades below ...: +12.4 %". */
        public String basis() {
            StringBuilder sb = new StringBuilder();
            for (Part p : parts) {
                if (p.why().isEmpty()) {
                    sb.append(" /"); // the other side of the part before
                } else {
                    sb.append(sb.length() == 0 ? "" : "; ").append(p.why());
                }
                if (p.width() == 0) {
                    continue;
                }
                sb.append(p.why().isEmpty() ? " " : ": ").append(p.side() == Side.DOWN ? below(p.width())
                        : p.side() == Side.UP ? above(p.width()) : percent(p.width()));
            }
            return sb.toString();
        }
    }

    /** Where a prediction lies against the data the fit saw. */
    public record Query(double rttMs, double lossRatio, int channels, int mss, boolean channelsFitted) {
    }

    /** The lossy model's range at {@code q}, given the grid's lowest round trip. */
    public Band lossy(Query q, double baseRttMs) {
        List<Part> parts = new ArrayList<>();
        parts.add(new Part(rttOut, Side.BOTH, "the 90th percentile of the paper-cell errors with each round trip "
                + "left out"));
        double lossDecades = decadesOutside(q.lossRatio(), PathModel.FITTED_LOSS_LOW, PathModel.FITTED_LOSS_HIGH);
        if (lossDecades > 0) {
            parts.add(new Part(lossPerDecade * lossDecades, Side.BOTH, String.format(Locale.ROOT, "loss %.3g %% lies "
                    + "%.2f decades outside the paper's 0.1-1 %%", 100 * q.lossRatio(), lossDecades)));
        }
        double rttDecades = decadesOutside(q.rttMs(), baseRttMs, PathModel.FITTED_RTT_HIGH_MS);
        if (rttDecades > 0) {
            parts.add(new Part(rttPerDecade * rttDecades, Side.BOTH, String.format(Locale.ROOT, "RTT %.3g ms lies "
                    + "%.2f decades outside the paper's %.1f-%.0f ms", q.rttMs(), rttDecades, baseRttMs,
                    PathModel.FITTED_RTT_HIGH_MS)));
        }
        if (q.channels() != PathModel.PAPER_CHANNELS && !q.channelsFitted()) {
            double d = Math.log(q.channels() / (double) PathModel.PAPER_CHANNELS);
            String why = String.format(Locale.ROOT, "%d channels, not the paper's %d: they add as N^%.2f to N^%.0f "
                    + "(predicted N^%.3f)", q.channels(), PathModel.PAPER_CHANNELS, CHANNEL_GAMMA_LOW,
                    CHANNEL_GAMMA_HIGH, CHANNEL_GAMMA);
            parts.add(new Part(Math.abs(d) * (CHANNEL_GAMMA - CHANNEL_GAMMA_LOW), d > 0 ? Side.DOWN : Side.UP, why));
            parts.add(new Part(Math.abs(d) * (CHANNEL_GAMMA_HIGH - CHANNEL_GAMMA), d > 0 ? Side.UP : Side.DOWN, ""));
        }
        mss(q, parts);
        return sum(parts);
    }

    /** The loss-free model's range at {@code q}. */
    public Band lossFree(Query q) {
        List<Part> parts = new ArrayList<>();
        parts.add(new Part(privateRttOut, Side.BOTH, "the 90th percentile of the private-link errors with each "
                + "round trip left out"));
        return sum(parts);
    }

    private static void mss(Query q, List<Part> parts) {
        if (q.mss() != PathModel.PAPER_MSS) {
            parts.add(new Part(Math.abs(Math.log(q.mss() / (double) PathModel.PAPER_MSS)), q.mss() > PathModel.PAPER_MSS
                    ? Side.DOWN : Side.UP, String.format(Locale.ROOT, "MSS %d, not the paper's %d: a stream's rate "
                            + "grows with it linearly (Mathis, predicted) or not at all", q.mss(),
                            PathModel.PAPER_MSS)));
        }
    }

    private static Band sum(List<Part> parts) {
        return new Band(parts.stream().filter(p -> p.side() != Side.UP).mapToDouble(Part::width).sum(),
                parts.stream().filter(p -> p.side() != Side.DOWN).mapToDouble(Part::width).sum(), parts);
    }

    /** A log width both ways as the percentages a reader sees: "-13.0 % / +15.0 %". */
    public static String percent(double width) {
        return below(width) + " / " + above(width);
    }

    /** "-13.0 %": a log width below a figure. */
    static String below(double width) {
        return String.format(Locale.ROOT, "-%.1f %%", 100 * (1 - Math.exp(-width)));
    }

    /** "+15.0 %": a log width above a figure. */
    static String above(double width) {
        return String.format(Locale.ROOT, "+%.1f %%", 100 * (Math.exp(width) - 1));
    }

    /** How many decades {@code v} lies below {@code low} or above {@code high} (0 within). */
    static double decadesOutside(double v, double low, double high) {
        return v < low ? Math.log10(low / v) : v > high ? Math.log10(v / high) : 0;
    }
}
