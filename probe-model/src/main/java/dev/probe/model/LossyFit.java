package dev.probe.model;

import java.util.List;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;

/**
 * One {@link StreamLaw} fitted to lossy cells (the paper's Internet columns): N channels each at the law's rate,
 * times a direction factor (restore against backup), capped by the link with a soft knee:
 * {@code T = softmin(N x s(RTT, p) x e^(+-d/2), eta x capacity; knee)}. Fitted by {@link LeastSquares} on log T, so
 * every cell weighs by its relative error; the grid's {@code <2} cells sit at a fitted base RTT within the paper's
 * 1.4-1.9 ms.
 *
 * @param law the per-stream law
 * @param x   d (log restore / backup), log of the cap on the paper's 10 Gbit/s link, the base RTT, log of the knee's
 *            sharpness, then the law's constants
 */
public record LossyFit(StreamLaw law, double[] x) {
    /** One lossy cell: its table, operation, RTT (or below the grid), loss fraction, channels and Gbit/s. */
    public record Cell(String table, String operation, double rttMs, boolean belowGrid, double loss, int channels,
            double gbps) {
        /** Cells of one operation, RTT and loss are one measurement (the paper repeats its Internet columns). */
        public String key() {
            return operation + "/" + rttMs + "/" + loss;
        }
    }

    static final int COMMON = 4;
    private static final double[] LOW = {-2, Math.log(1), 1.4, Math.log(1)};
    private static final double[] HIGH = {2, Math.log(12), 1.9, Math.log(50)};

    public LossyFit {
        x = x.clone();
    }

    @Override
    public double[] x() {
        return x.clone();
    }

    /**
     * Every law fitted to {@code cells}; kept: the one with the smallest AIC, {@code n ln(RSS / n) + 2 k} over the
     * log errors, k the constants fitted (a law with more constants must fit better by more than they cost).
     */
    public static LossyFit choose(List<Cell> cells) {
        LossyFit best = null;
        double bestAic = Double.POSITIVE_INFINITY;
        for (StreamLaw law : StreamLaw.values()) {
            LossyFit f = fit(cells, law);
            double aic = f.aic(cells);
            if (aic < bestAic) {
                bestAic = aic;
                best = f;
            }
        }
        return best;
    }

    /** Akaike's criterion of this fit on {@code cells}. */
    public double aic(List<Cell> cells) {
        double rss = 0;
        for (Cell c : cells) {
            double r = logGbps(c) - Math.log(c.gbps());
            rss += r * r;
        }
        return cells.size() * Math.log(rss / cells.size()) + 2 * x.length;
    }

    /** {@code law} fitted to {@code cells} from each of its starting points; the best fit wins. */
    public static LossyFit fit(List<Cell> cells, StreamLaw law) {
        double median = cells.stream().mapToDouble(c -> Math.log(c.gbps() / c.channels())).sorted()
                .skip(cells.size() / 2).findFirst().orElse(0);
        LossyFit best = null;
        double bestCost = Double.POSITIVE_INFINITY;
        for (double[] lawStart : law.starts(median)) {
            double[] start = new double[COMMON + law.size()];
            start[1] = Math.log(9);
            start[2] = 1.65;
            start[3] = Math.log(8);
            System.arraycopy(lawStart, 0, start, COMMON, lawStart.length);
            LeastSquaresOptimizer.Optimum o = minimize(cells, law, start);
            if (o.getCost() < bestCost) {
                bestCost = o.getCost();
                best = new LossyFit(law, clamp(law, o.getPoint().toArray()));
            }
        }
        return best;
    }

    /**
     * This fit's law refitted to {@code cells} from this fit's constants (a cell left out moves the optimum a little:
     * one start near it finds it, where {@link #fit}'s starting points would repeat the whole search).
     */
    public LossyFit refit(List<Cell> cells) {
        return new LossyFit(law, clamp(law, minimize(cells, law, x).getPoint().toArray()));
    }

    private static LeastSquaresOptimizer.Optimum minimize(List<Cell> cells, StreamLaw law, double[] start) {
        return LeastSquares.minimize(start, cells.size(), p -> residuals(cells, law, p), p -> clamp(law, p));
    }

    private static double[] residuals(List<Cell> cells, StreamLaw law, double[] p) {
        LossyFit f = new LossyFit(law, p);
        double[] r = new double[cells.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = f.logGbps(cells.get(i)) - Math.log(cells.get(i).gbps());
        }
        return r;
    }

    private static double[] clamp(StreamLaw law, double[] p) {
        double[] q = p.clone();
        for (int i = 0; i < q.length; i++) {
            double lo = i < COMMON ? LOW[i] : law.lower(i - COMMON);
            double hi = i < COMMON ? HIGH[i] : law.upper(i - COMMON);
            q[i] = Math.min(hi, Math.max(lo, q[i]));
        }
        return q;
    }

    /** log of the cell's Gbit/s as this fit predicts it, on the paper's 10 Gbit/s link. */
    public double logGbps(Cell c) {
        double rtt = c.belowGrid() ? x[2] : c.rttMs();
        return logTotal(Math.log(c.channels()) + logPerStream(rtt, c.loss(), PathModel.PAPER_MSS, c.operation()),
                x[1]);
    }

    /** The cell's Gbit/s as this fit predicts it. */
    public double gbps(Cell c) {
        return Math.exp(logGbps(c));
    }

    /** log of one stream's Gbit/s for {@code operation} ("backup", "restore", or null: halfway between). */
    public double logPerStream(double rttMs, double loss, int mss, String operation) {
        double direction = "restore".equals(operation) ? x[0] / 2 : "backup".equals(operation) ? -x[0] / 2 : 0;
        return law.logRate(x, COMMON, rttMs, loss) + Math.log(mss / (double) PathModel.PAPER_MSS) + direction;
    }

    /** log of what channels carrying {@code logSum} together get through a link whose cap is {@code logCap}. */
    public double logTotal(double logSum, double logCap) {
        double k = Math.exp(x[3]);
        double m = Math.min(logSum, logCap);
        return m - Math.log(Math.exp(-k * (logSum - m)) + Math.exp(-k * (logCap - m))) / k;
    }

    /** The link's efficiency: the fitted cap over the paper's 10 Gbit/s. */
    public double eta() {
        return Math.exp(x[1]) / PathModel.PAPER_CAPACITY_GBPS;
    }

    /** The restore-over-backup factor per stream. */
    public double restoreOverBackup() {
        return Math.exp(x[0]);
    }

    /** The fitted base RTT of the paper's {@code <2} cells, ms. */
    public double baseRttMs() {
        return x[2];
    }

    /** The knee's sharpness (larger: closer to a hard minimum of the channels' sum and the cap). */
    public double knee() {
        return Math.exp(x[3]);
    }

    /** The law's constants, in its {@link StreamLaw#names} order. */
    public double[] lawConstants() {
        double[] c = new double[law.size()];
        System.arraycopy(x, COMMON, c, 0, c.length);
        return c;
    }
}
