package dev.probe.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The throughput model, fitted to the paper's tables, so a user can ask "what if 65 channels, or 20 ms closer?".
 *
 * <p><b>Lossy paths</b> (the Internet classes): each channel at one {@link StreamLaw}'s rate, times a direction
 * factor, the channels' sum capped by the link with a soft knee ({@link LossyFit}). Every law is fitted to the
 * paper's 96 Internet cells; the model keeps the one with the smallest AIC (the fit's log error against the number
 * of constants it spends), and every prediction carries a range from that law's leave-one-out errors: the 90th
 * percentile of its errors on cells it was not fitted to ({@link ModelValidation} scores every law). What is
 * fitted: the law's constants, the restore/backup factor, the cap (the link's efficiency), the knee and the base RTT
 * of the {@code <2} cells. What is not: how channels add (every cell has 35; N channels carry N times one until the
 * knee), and the MSS (every Internet cell had 1448; rates scale with it as Mathis's does).
 *
 * <p><b>Loss-free paths</b> (the private link): window-limited channels in series with the link,
 * {@code 1/T = 1/(eta * capacity) + RTT / (channels * W)}, fitted by least squares on {@code 1/T} over the
 * paper's FC column, once per MTU (1500 and 9000); {@code eta} is the link efficiency, {@code W} the
 * effective window per channel in Mbit (Mbit per ms of RTT = Gbit/s).
 *
 * <p>All constants are computed from the shipped data: {@link #fit} fits them (a second or so: every law, and the
 * kept one refitted without each cell for its range); {@link #paper} reads that fit as the build wrote it
 * ({@code model-fit.properties} beside the paper's tables; {@code ShippedFitTest} refits and fails when it is stale), so
 * {@code report predict} starts in a fraction of that. Nothing is typed in by hand.
 */
public final class ThroughputModel {
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
        static Errors of(double[] errs) {
            return new Errors(errs.length, ModelValidation.median(errs), Arrays.stream(errs).average().orElse(0),
                    ModelValidation.max(errs));
        }
    }

    /**
     * A prediction, what limits it, and its range: the throughput within {@code band} (a relative error) either
     * way, taken from what {@code bandBasis} says, so the time between {@code minutesLow} and {@code minutesHigh}.
     */
    public record Prediction(double throughputGbps, double minutes, double perChannelGbps, String limitedBy,
                             String regime, double band, String bandBasis, double minutesLow, double minutesHigh) {
    }

    private final Constants constants;
    private final LinkFit link;

    private ThroughputModel(Constants constants) {
        this(constants, null);
    }

    private ThroughputModel(Constants constants, LinkFit link) {
        this.constants = constants;
        this.link = link;
    }

    /**
     * This model fitted to the user's own measured points on a link of {@code capacityGbps}: lossy predictions then
     * use the link's scale and channel exponent ({@link LinkFit}) and carry the larger of the paper's and the link
     * fit's own error.
     */
    public ThroughputModel fittedTo(List<MeasuredPoint> points, double capacityGbps) {
        return new ThroughputModel(constants, LinkFit.fit(constants.lossy(), points, capacityGbps));
    }

    /** The fit to the user's link, or null for the paper's. */
    public LinkFit link() {
        return link;
    }

    public Constants constants() {
        return constants;
    }

    /** The model fitted to the paper's tables, as the build fitted and shipped it ({@link ShippedFit}). */
    public static ThroughputModel paper() {
        ThroughputModel.Constants shipped = ShippedFit.read();
        return shipped == null ? fit(PaperData.load()) : new ThroughputModel(shipped);
    }

    /** Fits the model to the paper's tables. */
    public static ThroughputModel fit(PaperData data) {
        double[] fc1500 = fitPrivate(data.rows(), 1500);
        double[] fc9000 = fitPrivate(data.rows(), 9000);
        List<LossyFit.Cell> cells = LossyFit.paperCells(data);
        LossyFit lossy = LossyFit.choose(cells);
        double[] inSample = ModelValidation.errors(cells, lossy);
        double[] heldOut = ModelValidation.leaveOneOut(cells, lossy);
        List<Double> privateErrs = new ArrayList<>();
        for (PaperRow r : data.rows()) {
            double[] f = r.fcMtu() >= 9000 ? fc9000 : fc1500;
            if (!Double.isNaN(r.fcGbps())) {
                double predicted = 1 / (1 / f[0] + r.delayMs() / (PAPER_CHANNELS * f[1]));
                privateErrs.add(Math.abs(predicted - r.fcGbps()) / r.fcGbps());
            }
        }
        return new ThroughputModel(new Constants(lossy, cells.size(), Errors.of(inSample), Errors.of(heldOut),
                ModelValidation.quantile(heldOut, BAND_QUANTILE), fc1500[0] / PAPER_CAPACITY_GBPS, fc1500[1],
                fc9000[0] / PAPER_CAPACITY_GBPS, fc9000[1],
                Errors.of(privateErrs.stream().mapToDouble(Double::doubleValue).toArray())));
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
            throw new ReportInputException("predict needs rtt > 0 ms, 0 <= loss < 100 %, channels >= 1, mss >= 88, "
                    + "capacity > 0 (got rtt " + rttMs + ", loss " + lossPct + ", channels " + channels + ", mss " + mss
                    + ", capacity " + capacityGbps + ")");
        }
        boolean jumbo = mss > 4000;
        double total;
        double perChannel;
        String limit;
        String regime;
        double band;
        String basis;
        if (lossPct == 0) {
            double cap = (jumbo ? constants.eta9000() : constants.eta1500()) * capacityGbps;
            double window = jumbo ? constants.windowMbit9000() : constants.windowMbit1500();
            perChannel = window / rttMs;
            total = 1 / (1 / cap + rttMs / (channels * window));
            limit = rttMs / (channels * window) > 1 / cap ? "window" : "capacity";
            regime = "private (loss-free), MTU " + (jumbo ? 9000 : 1500) + " fit";
            band = constants.privateErrors().max();
            basis = "the loss-free fit's largest error on the paper's FC cells";
        } else {
            LossyFit f = constants.lossy();
            LinkFit l = link != null ? link : LinkFit.paper(f);
            double logPerChannel = l.logPerStream(rttMs, lossPct / 100, mss, operation);
            perChannel = Math.exp(logPerChannel);
            total = Math.exp(l.logTotal(rttMs, lossPct / 100, channels, mss, operation, capacityGbps));
            limit = l.gamma() * Math.log(channels) + logPerChannel > Math.log(f.eta() * capacityGbps) ? "capacity"
                    : "loss";
            if (link == null) {
                regime = "lossy fit (" + f.law().formula() + ")";
                band = constants.band();
                basis = "the lossy fit's 90th-percentile error on paper cells it was not fitted to";
            } else {
                regime = "lossy fit to your link (" + link.points().size() + " point" + (link.points().size() == 1
                        ? "" : "s") + "), on the paper's law (" + f.law().formula() + ")";
                band = link.band(constants.band());
                basis = "the larger of the paper fit's held-out error and the fit to your results' own";
            }
        }
        double minutes = bytes * 8.0 / (total * 1e9) / 60;
        return new Prediction(total, minutes, perChannel, limit, regime, band, basis, minutes / (1 + band),
                band < 1 ? minutes / (1 - band) : Double.POSITIVE_INFINITY);
    }

    /** Least squares of 1/T = 1/C + rtt / (N W) over the FC column of one MTU: returns {C, W}. */
    private static double[] fitPrivate(List<PaperRow> rows, int mtu) {
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        int n = 0;
        for (PaperRow r : rows) {
            if (r.fcMtu() == mtu && !Double.isNaN(r.fcGbps()) && r.fcGbps() > 0) {
                double x = r.delayMs();
                double y = 1 / r.fcGbps();
                sx += x;
                sy += y;
                sxx += x * x;
                sxy += x * y;
                n++;
            }
        }
        if (n < 2) {
            throw new IllegalStateException("the paper data has no FC rows for MTU " + mtu);
        }
        double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        double intercept = (sy - slope * sx) / n;
        return new double[] {1 / intercept, 1 / (slope * PAPER_CHANNELS)};
    }
}
