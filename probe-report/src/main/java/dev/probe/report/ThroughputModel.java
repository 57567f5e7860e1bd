package dev.probe.report;

import dev.probe.model.LossyFit;
import dev.probe.model.PathModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The throughput model fitted to the paper's tables, so a user can ask "what if 65 channels, or 20 ms closer?": the
 * fitting side of core's {@link PathModel}, which every command predicts with.
 *
 * <p><b>Lossy paths</b> (the Internet classes): each channel at one law's rate, times a direction factor, the
 * channels' sum capped by the link with a soft knee ({@link LossyFit}). Every law is fitted to the paper's 96
 * Internet cells; the model keeps the one with the smallest AIC (the fit's log error against the number of
 * constants it spends), and every prediction carries a range from that law's leave-one-out errors: the 90th
 * percentile of its errors on cells it was not fitted to ({@link ModelValidation} scores every law). What is
 * fitted: the law's constants, the restore/backup factor, the cap (the link's efficiency), the knee and the base RTT
 * of the {@code <2} cells. What is not: how channels add (every cell has 35; N channels carry N times one until the
 * knee, unless {@link LinkFit} fits the user's link), and the MSS (every Internet cell had 1448; rates scale with it
 * as Mathis's does).
 *
 * <p><b>Loss-free paths</b> (the private link): window-limited channels in series with the link,
 * {@code 1/T = 1/(eta * capacity) + RTT / (channels * W)}, fitted by least squares on {@code 1/T} over the
 * paper's FC column, once per MTU (1500 and 9000).
 *
 * <p>All constants are computed from the shipped data: {@link #fit} fits them (a second or so); {@link #paper}
 * reads that fit as the build wrote it (core's {@code model-fit.properties}; {@code ShippedFitTest} refits and fails
 * when it is stale). Nothing is typed in by hand.
 */
public final class ThroughputModel {
    private final PathModel model;
    private final LinkFit link;

    private ThroughputModel(PathModel model, LinkFit link) {
        this.model = model;
        this.link = link;
    }

    /**
     * This model fitted to the user's own measured points on a link of {@code capacityGbps}: lossy predictions then
     * use the link's scale and channel exponent ({@link LinkFit}) and carry the larger of the paper's and the link
     * fit's own error.
     */
    public ThroughputModel fittedTo(List<MeasuredPoint> points, double capacityGbps) {
        LinkFit f = LinkFit.fit(model.constants().lossy(), points, capacityGbps);
        return new ThroughputModel(model.with(f.curve()), f);
    }

    /** The fit to the user's link, or null for the paper's. */
    public LinkFit link() {
        return link;
    }

    public PathModel.Constants constants() {
        return model.constants();
    }

    /** The model every command predicts with (core's). */
    public PathModel path() {
        return model;
    }

    /** The model fitted to the paper's tables, as the build fitted and shipped it. */
    public static ThroughputModel paper() {
        return new ThroughputModel(PathModel.paper(), null);
    }

    /** The paper's Internet cells: every table's, so repeated columns count as the paper printed them. */
    public static List<LossyFit.Cell> paperCells(PaperData data) {
        List<LossyFit.Cell> out = new ArrayList<>();
        for (PaperRow r : data.rows()) {
            for (DeliveryClass c : DeliveryClass.values()) {
                double t = r.internet(c);
                if (t > 0) {
                    out.add(cell(r, c, t));
                }
            }
        }
        return out;
    }

    /** Row {@code r}'s cell of class {@code c} at the paper's 35 channels, carrying {@code gbps}. */
    static LossyFit.Cell cell(PaperRow r, DeliveryClass c, double gbps) {
        return new LossyFit.Cell(r.table(), r.operation(), r.delayMs(), r.delayLabel().startsWith("<"),
                c.lossPercent() / 100, PathModel.PAPER_CHANNELS, gbps);
    }

    /** Fits the model to the paper's tables. */
    public static ThroughputModel fit(PaperData data) {
        double[] fc1500 = fitPrivate(data.rows(), 1500);
        double[] fc9000 = fitPrivate(data.rows(), 9000);
        List<LossyFit.Cell> cells = paperCells(data);
        LossyFit lossy = LossyFit.choose(cells);
        double[] inSample = ModelValidation.errors(cells, lossy);
        double[] heldOut = ModelValidation.leaveOneOut(cells, lossy);
        List<Double> privateErrs = new ArrayList<>();
        for (PaperRow r : data.rows()) {
            double[] f = r.fcMtu() >= 9000 ? fc9000 : fc1500;
            if (!Double.isNaN(r.fcGbps())) {
                double predicted = 1 / (1 / f[0] + r.delayMs() / (PathModel.PAPER_CHANNELS * f[1]));
                privateErrs.add(Math.abs(predicted - r.fcGbps()) / r.fcGbps());
            }
        }
        return new ThroughputModel(new PathModel(new PathModel.Constants(lossy, cells.size(), errors(inSample),
                errors(heldOut),
                fc1500[0] / PathModel.PAPER_CAPACITY_GBPS, fc1500[1], fc9000[0] / PathModel.PAPER_CAPACITY_GBPS,
                fc9000[1], errors(privateErrs.stream().mapToDouble(Double::doubleValue).toArray()),
                SpreadFit.of(cells, lossy, data.rows())), null), null);
    }

    /** Absolute relative errors summed up. */
    static PathModel.Errors errors(double[] errs) {
        return new PathModel.Errors(errs.length, ModelValidation.median(errs), Arrays.stream(errs).average().orElse(0),
                ModelValidation.max(errs));
    }

    /** {@link #predict(double, double, int, int, double, long, String)} halfway between backup and restore. */
    public PathModel.Prediction predict(double rttMs, double lossPct, int channels, int mss, double capacityGbps,
                                        long bytes) {
        return predict(rttMs, lossPct, channels, mss, capacityGbps, bytes, null);
    }

    /** {@link PathModel#predict}, with bad input a {@link ReportInputException}. */
    public PathModel.Prediction predict(double rttMs, double lossPct, int channels, int mss, double capacityGbps,
                                        long bytes, String operation) {
        try {
            return model.predict(rttMs, lossPct, channels, mss, capacityGbps, bytes, operation);
        } catch (IllegalArgumentException e) {
            throw new ReportInputException(e.getMessage());
        }
    }

    /** Least squares of 1/T = 1/C + rtt / (N W) over the FC column of one MTU: returns {C, W}. */
    static double[] fitPrivate(List<PaperRow> rows, int mtu) {
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
        return new double[] {1 / intercept, 1 / (slope * PathModel.PAPER_CHANNELS)};
    }
}
