package dev.probe.model;

import java.util.Locale;

/**
 * The one throughput model every command predicts with ({@code report predict}, bulk's and objstore's projections,
 * qualify's loss diagnosis, sweep and the report's map): the paper's fit as the build shipped it
 * ({@link ShippedFit}), or that fit scaled to the user's own link ({@link LinkCurve}).
 *
 * <p><b>Lossy paths</b>: each channel at the fitted {@link StreamLaw}'s rate, times a direction factor, the
 * channels' sum ({@code N^gamma} times one) capped by the link with a soft knee ({@link LossyFit}). <b>Loss-free
 * paths</b>: window-limited channels in series with the link, {@code 1/T = 1/(eta * capacity) + RTT / (channels *
 * W)}, fitted once per MTU on the paper's private-link column; beyond the round trips and losses the paper
 * measured, a stream's rate goes on from the nearest fitted point with Mathis's slopes. No figure exceeds the
 * link's capacity. Every prediction carries a range from cross-validation ({@link Spread}): the 90th percentile of
 * the errors on round trips the fit did not see, widened with each step away from the paper's data (the larger of
 * that and the user's link fit's own).
 *
 * @param constants the paper's fit
 * @param link      the fit to the user's link, or null for the paper's own
 */
public record PathModel(Constants constants, LinkCurve link) {
    public static final int PAPER_CHANNELS = 35;
    public static final int PAPER_MSS = 1448;
    public static final double PAPER_CAPACITY_GBPS = 10;
    /** The share of held-out cells a prediction's range covers. */
    public static final double BAND_QUANTILE = 0.9;

    /** The fitted constants, and the fits' errors on the paper's own rows. */
    public record Constants(LossyFit lossy, int internetPoints, Errors internetErrors, Errors heldOutErrors,
            double eta1500, double windowMbit1500, double eta9000, double windowMbit9000,
            Errors privateErrors, Spread spread) {
        /** A lossy prediction's range within the paper's grid: the leave-one-round-trip-out 90th percentile. */
        public double band() {
            return spread.rttOut();
        }
    }

    /** Absolute relative errors of a fit on the rows it describes. */
    public record Errors(int rows, double median, double mean, double max) {
    }

    /**
     * A prediction, what limits it, and its range: the throughput between {@code e^-bandDown} and {@code e^bandUp}
     * times it (never above the link's capacity), from what {@code bandBasis} says, so the time between
     * {@code minutesLow} and {@code minutesHigh}. {@code perChannelGbps} is the throughput over the channels (so the
     * two multiply back to it); {@code streamGbps} what one stream would carry alone on the path.
     */
    public record Prediction(double throughputGbps, double minutes, double perChannelGbps, double streamGbps,
            String limitedBy, String regime, double bandDown, double bandUp, String bandBasis,
            double minutesLow, double minutesHigh, double gbpsLow, double gbpsHigh) {
        /** The wider side of the range, as a log ratio. */
        public double band() {
            return Math.max(bandDown, bandUp);
        }

        /** The throughput's range, Gbit/s: {low, high}. */
        public double[] gbpsRange() {
            return new double[] {gbpsLow, gbpsHigh};
        }
    }

    /** The paper's fit, as the build shipped it: read once, however many commands and classes ask. */
    public static PathModel paper() {
        return Shipped.MODEL;
    }

    /** The shipped fit, read when first asked for. */
    private static final class Shipped {
        static final PathModel MODEL = read();

        private static PathModel read() {
            Constants shipped = ShippedFit.read();
            if (shipped == null) {
                throw new IllegalStateException("the model's fit " + ShippedFit.RESOURCE
                        + " is missing from the build");
            }
            return new PathModel(shipped, null);
        }
    }

    /** This model scaled to the user's link. */
    public PathModel with(LinkCurve curve) {
        return new PathModel(constants, curve);
    }

    /** The curve predictions use: the user's link's, or the paper's (its 35 channels exact, others by N^0.975). */
    public LinkCurve curve() {
        return link != null ? link : LinkCurve.paper(constants.lossy());
    }

    /** The loss the paper's Internet cells span (0.1 % to 1 %): the fit's law holds within it. */
    public static final double FITTED_LOSS_LOW = 0.001;
    public static final double FITTED_LOSS_HIGH = 0.01;
    /** The longest round trip among the paper's cells, ms. */
    public static final double FITTED_RTT_HIGH_MS = 100;

    /**
     * One stream's bit/s on a lossy path of {@code rttMs} and {@code lossRatio} (a fraction) with segments of
     * {@code mss}, for {@code operation} ("backup", "restore" or null: halfway between): the loss ceiling qualify
     * judges a stream against. Within the round trips and losses the paper measured, the fitted law; beyond them,
     * the law at the nearest point it was fitted to, carried on with Mathis's slopes (1/RTT, 1/sqrt(p)), as a
     * fitted power law must not be stretched past its data (at 0.004 % loss the fit's own exponent would promise a
     * stream 7 times Mathis's figure).
     */
    public double perStreamBps(double rttMs, double lossRatio, long mss, String operation) {
        return Math.exp(logPerStream(rttMs, lossRatio, (int) mss, operation)) * 1e9;
    }

    /** log of one stream's Gbit/s: the fitted law within the paper's data, Mathis's slopes beyond it. */
    private double logPerStream(double rttMs, double lossRatio, int mss, String operation) {
        double r = Math.min(FITTED_RTT_HIGH_MS, Math.max(constants.lossy().baseRttMs(), rttMs));
        double p = Math.min(FITTED_LOSS_HIGH, Math.max(FITTED_LOSS_LOW, lossRatio));
        return curve().logPerStream(r, p, mss, operation) - Math.log(rttMs / r) - 0.5 * Math.log(lossRatio / p);
    }

    /** Whether {@code rttMs} and {@code lossRatio} lie within what the paper measured. */
    public boolean fitted(double rttMs, double lossRatio) {
        return rttMs >= constants.lossy().baseRttMs() && rttMs <= FITTED_RTT_HIGH_MS && lossRatio >= FITTED_LOSS_LOW
                && lossRatio <= FITTED_LOSS_HIGH;
    }

    /** {@link #predict(double, double, int, int, double, long, String)} halfway between backup and restore. */
    public Prediction predict(double rttMs, double lossPct, int channels, int mss, double capacityGbps, long bytes) {
        return predict(rttMs, lossPct, channels, mss, capacityGbps, bytes, null);
    }

    /**
     * Predicts the throughput of {@code channels} channels over a path of {@code rttMs} and {@code lossPct},
     * with {@code mss} and a link of {@code capacityGbps}, and the minutes to move {@code bytes}, for
     * {@code operation} ("backup", "restore", or null: halfway between).
     */
    public Prediction predict(double rttMs, double lossPct, int channels, int mss, double capacityGbps, long bytes,
                              String operation) {
        if (!(rttMs > 0) || !(lossPct >= 0) || lossPct >= 100 || channels < 1 || mss < 88 || !(capacityGbps > 0)) {
            throw new IllegalArgumentException("predict needs rtt > 0 ms, 0 <= loss < 100 %, channels >= 1, mss >= 88, "
                    + "capacity > 0 (got rtt " + rttMs + ", loss " + lossPct + ", channels " + channels + ", mss " + mss
                    + ", capacity " + capacityGbps + ")");
        }
        return lossPct == 0 ? lossFree(rttMs, channels, mss, capacityGbps, bytes)
                : lossy(rttMs, lossPct, channels, mss, capacityGbps, bytes, operation);
    }

    private Prediction lossFree(double rttMs, int channels, int mss, double capacityGbps, long bytes) {
        boolean jumbo = mss > 4000;
        double cap = (jumbo ? constants.eta9000() : constants.eta1500()) * capacityGbps;
        double window = jumbo ? constants.windowMbit9000() : constants.windowMbit1500();
        double total = 1 / (1 / cap + rttMs / (channels * window));
        Spread.Band band = constants.spread().lossFree(new Spread.Query(rttMs, 0, channels, mss, true));
        return ranged(new double[] {total * Math.exp(-band.down()), total, total * Math.exp(band.up())}, bytes,
                channels, window / rttMs, rttMs / (channels * window) > 1 / cap ? "window" : "capacity",
                "private (loss-free), MTU " + (jumbo ? 9000 : 1500) + " fit", band, capacityGbps);
    }

    private Prediction lossy(double rttMs, double lossPct, int channels, int mss, double capacityGbps, long bytes,
                             String operation) {
        LossyFit f = constants.lossy();
        LinkCurve l = curve();
        double logPerChannel = logPerStream(rttMs, lossPct / 100, mss, operation);
        double total = Math.exp(l.logTotal(logPerChannel, channels, capacityGbps));
        String limit = l.logSum(logPerChannel, channels) > Math.log(l.eta() * capacityGbps) ? "capacity" : "loss";
        String beyond = fitted(rttMs, lossPct / 100) ? "" : "; beyond the paper's round trips and losses, on Mathis's "
                + "slopes from the nearest fitted point";
        Spread.Band band = constants.spread().lossy(new Spread.Query(rttMs, lossPct / 100, channels, mss,
                link != null && link.gammaFitted()), f.baseRttMs());
        String regime = "lossy fit (" + f.law().formula() + ")" + beyond;
        if (link != null) {
            double own = -Math.log(1 - Math.min(0.99, link.ownBand()));
            band = own <= band.baseWidth() ? band : band.widened(own - band.baseWidth(), String.format(Locale.ROOT,
                    "the fit to your results errs by up to %.1f %% on them", 100 * link.ownBand()));
            regime = "lossy fit to your link (" + link.points() + " point" + (link.points() == 1 ? "" : "s")
                    + "), on the paper's law (" + f.law().formula() + ")" + beyond;
        }
        // how far streams may scale (RTT, loss, channels, MSS) moves the channels' sum, which the link then caps;
        // the cross-validated error of the fit itself applies to what comes through
        double base = band.baseWidth();
        double low = Math.exp(l.logTotal(logPerChannel - (band.down() - base), channels, capacityGbps) - base);
        double high = Math.exp(l.logTotal(logPerChannel + (band.up() - base), channels, capacityGbps) + base);
        if (limit.equals("capacity") && l.eta() == f.eta()) {
            // the share of the line the channels reach is the paper's path's, not this link's: up to the line
            high = capacityGbps;
            band = band.widened(0, String.format(Locale.ROOT, "the link holds it at the paper's path's %.3f of its "
                    + "capacity, not measured here: up to the line", f.eta()));
        }
        return ranged(new double[] {low, total, high}, bytes, channels, Math.exp(l.logSum(logPerChannel, 1)), limit,
                regime, band, capacityGbps);
    }

    /** A prediction of {@code gbps[1]} Gbit/s between {@code gbps[0]} and {@code gbps[2]}, none above the line. */
    private static Prediction ranged(double[] gbps, long bytes, int channels, double stream, String limit,
                                     String regime, Spread.Band band, double capacityGbps) {
        double t = Math.min(gbps[1], capacityGbps);
        double low = Math.min(gbps[0], t);
        double high = Math.max(t, Math.min(gbps[2], capacityGbps));
        return new Prediction(t, minutes(bytes, t), t / channels, stream, limit, regime, Math.log(t / low),
                Math.log(high / t), band.basis(), minutes(bytes, high), minutes(bytes, low), low, high);
    }

    private static double minutes(long bytes, double gbps) {
        return bytes * 8.0 / (gbps * 1e9) / 60;
    }
}
