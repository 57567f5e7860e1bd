package dev.probe.model;

/**
 * The one throughput model every command predicts with ({@code report predict}, bulk's and objstore's projections,
 * qualify's loss diagnosis, sweep and the report's map): the paper's fit as the build shipped it
 * ({@link ShippedFit}), or that fit scaled to the user's own link ({@link LinkCurve}).
 *
 * <p><b>Lossy paths</b>: each channel at the fitted {@link StreamLaw}'s rate, times a direction factor, the
 * channels' sum ({@code N^gamma} times one) capped by the link with a soft knee ({@link LossyFit}). <b>Loss-free
 * paths</b>: window-limited channels in series with the link, {@code 1/T = 1/(eta * capacity) + RTT / (channels *
 * W)}, fitted once per MTU on the paper's private-link column; beyond the round trips and losses the paper
 * measured, a stream's rate goes on from the nearest fitted point with Mathis's slopes. Every prediction carries a
 * range: the 90th percentile of the fit's errors on cells it was not fitted to (the larger of the paper's and the
 * user's link's).
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
                            double band, double eta1500, double windowMbit1500, double eta9000,
                            double windowMbit9000, Errors privateErrors) {
    }

    /** Absolute relative errors of a fit on the rows it describes. */
    public record Errors(int rows, double median, double mean, double max) {
    }

    /**
     * A prediction, what limits it, and its range: the throughput within {@code band} (a relative error) either
     * way, taken from what {@code bandBasis} says, so the time between {@code minutesLow} and {@code minutesHigh}.
     */
    public record Prediction(double throughputGbps, double minutes, double perChannelGbps, String limitedBy,
                             String regime, double band, String bandBasis, double minutesLow, double minutesHigh) {
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

    /** The curve predictions use: the user's link's, or the paper's (scale 1, channels adding linearly). */
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
        return ranged(total, bytes, window / rttMs, rttMs / (channels * window) > 1 / cap ? "window" : "capacity",
                "private (loss-free), MTU " + (jumbo ? 9000 : 1500) + " fit", constants.privateErrors().max(),
                "the loss-free fit's largest error on the paper's FC cells");
    }

    private Prediction lossy(double rttMs, double lossPct, int channels, int mss, double capacityGbps, long bytes,
                             String operation) {
        LossyFit f = constants.lossy();
        LinkCurve l = curve();
        double logPerChannel = logPerStream(rttMs, lossPct / 100, mss, operation);
        double total = Math.exp(l.logTotal(logPerChannel, channels, capacityGbps));
        String limit = l.gamma() * Math.log(channels) + logPerChannel > Math.log(f.eta() * capacityGbps) ? "capacity"
                : "loss";
        String beyond = fitted(rttMs, lossPct / 100) ? "" : "; beyond the paper's round trips and losses, on Mathis's "
                + "slopes from the nearest fitted point";
        if (link == null) {
            return ranged(total, bytes, Math.exp(logPerChannel), limit, "lossy fit (" + f.law().formula() + ")"
                    + beyond, constants.band(), "the lossy fit's 90th-percentile error on paper cells it was not fitted to");
        }
        return ranged(total, bytes, Math.exp(logPerChannel), limit, "lossy fit to your link (" + link.points()
                + " point" + (link.points() == 1 ? "" : "s") + "), on the paper's law (" + f.law().formula() + ")"
                + beyond, Math.max(constants.band(), link.ownBand()),
                "the larger of the paper fit's held-out error and the fit to your results' own");
    }

    private static Prediction ranged(double total, long bytes, double perChannel, String limit, String regime,
                                     double band, String basis) {
        double minutes = bytes * 8.0 / (total * 1e9) / 60;
        return new Prediction(total, minutes, perChannel, limit, regime, band, basis, minutes / (1 + band),
                band < 1 ? minutes / (1 - band) : Double.POSITIVE_INFINITY);
    }
}
