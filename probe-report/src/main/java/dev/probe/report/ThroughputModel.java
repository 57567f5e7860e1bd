package dev.probe.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A throughput model fitted to the paper's tables, so a user can ask "what if 65 channels, or 20 ms closer?".
 *
 * <p><b>Lossy paths</b> (the Internet classes): per-channel throughput is a power law of RTT and loss,
 * {@code T_ch = k * (MSS/1448) * RTT^-a * p^-b} (Gbit/s, RTT in ms, p the loss fraction; the MSS factor is the
 * Mathis scaling, assumed because every Internet row had MTU 1500), and the path carries
 * {@code min(channels * T_ch, eta * capacity)}. {@code k, a, b} are fitted by least squares on
 * {@code log T_ch} over the paper's Internet columns, leaving out cells the capacity bounds (censored: cells
 * whose fitted value is above 60 % of the cap are dropped and the fit repeated until it settles).
 *
 * <p><b>Loss-free paths</b> (the private link): window-limited channels in series with the link,
 * {@code 1/T = 1/(eta * capacity) + RTT / (channels * W)}, fitted by least squares on {@code 1/T} over the
 * paper's FC column, once per MTU (1500 and 9000); {@code eta} is the link efficiency, {@code W} the
 * effective window per channel in Mbit (Mbit per ms of RTT = Gbit/s).
 *
 * <p>All constants are computed from the shipped data when the model is built; nothing is hard-coded.
 */
public final class ThroughputModel {
    public static final int PAPER_CHANNELS = 35;
    public static final int PAPER_MSS = 1448;
    public static final double PAPER_CAPACITY_GBPS = 10;
    private static final double CENSOR = 0.6;

    /** The fitted constants, and the fits' errors on the paper's own rows. */
    public record Constants(double k, double a, double b, int internetPoints, int censoredPoints,
                            double eta1500, double windowMbit1500, double eta9000, double windowMbit9000,
                            Errors internetErrors, Errors privateErrors) {
    }

    /** Absolute relative errors of a fit on the rows it describes. */
    public record Errors(int rows, double median, double mean, double max) {
        static Errors of(List<Double> errs) {
            double[] e = errs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            int n = e.length;
            double median = n % 2 == 1 ? e[n / 2] : (e[n / 2 - 1] + e[n / 2]) / 2;
            return new Errors(n, median, Arrays.stream(e).average().orElse(0), e[n - 1]);
        }
    }

    /** A prediction and what limits it. */
    public record Prediction(double throughputGbps, double minutes, double perChannelGbps, String limitedBy,
                             String regime) {
    }

    private final Constants constants;

    private ThroughputModel(Constants constants) {
        this.constants = constants;
    }

    public Constants constants() {
        return constants;
    }

    /** Fits the model to the paper's tables. */
    public static ThroughputModel fit(PaperData data) {
        double[] fc1500 = fitPrivate(data.rows(), 1500);
        double[] fc9000 = fitPrivate(data.rows(), 9000);
        double cap = fc1500[0];
        List<double[]> points = internetPoints(data.rows());
        List<double[]> used = points;
        double[] coef = null;
        for (int round = 0; round < 50; round++) {
            coef = fitLog(used);
            List<double[]> next = new ArrayList<>();
            for (double[] p : points) {
                if (PAPER_CHANNELS * perChannel(coef, p[0], p[1], PAPER_MSS) < CENSOR * cap) {
                    next.add(p);
                }
            }
            if (next.size() == used.size() || next.size() < 4) {
                break;
            }
            used = next;
        }
        double[] c = coef;
        List<Double> errs = new ArrayList<>();
        for (double[] p : points) {
            double predicted = Math.min(PAPER_CHANNELS * perChannel(c, p[0], p[1], PAPER_MSS), cap);
            errs.add(Math.abs(predicted - p[2]) / p[2]);
        }
        List<Double> privateErrs = new ArrayList<>();
        for (PaperRow r : data.rows()) {
            double[] f = r.fcMtu() >= 9000 ? fc9000 : fc1500;
            if (!Double.isNaN(r.fcGbps())) {
                double predicted = 1 / (1 / f[0] + r.delayMs() / (PAPER_CHANNELS * f[1]));
                privateErrs.add(Math.abs(predicted - r.fcGbps()) / r.fcGbps());
            }
        }
        return new ThroughputModel(new Constants(Math.exp(c[0]), c[1], c[2], points.size(), points.size() - used.size(),
                fc1500[0] / PAPER_CAPACITY_GBPS, fc1500[1], fc9000[0] / PAPER_CAPACITY_GBPS, fc9000[1],
                Errors.of(errs), Errors.of(privateErrs)));
    }

    /**
     * Predicts the throughput of {@code channels} channels over a path of {@code rttMs} and {@code lossPct},
     * with {@code mss} and a link of {@code capacityGbps}, and the minutes to move {@code bytes}.
     */
    public Prediction predict(double rttMs, double lossPct, int channels, int mss, double capacityGbps, long bytes) {
        if (!(rttMs > 0) || !(lossPct >= 0) || lossPct >= 100 || channels < 1 || mss < 88 || !(capacityGbps > 0)) {
            throw new ReportInputException("predict needs rtt > 0 ms, 0 <= loss < 100 %, channels >= 1, mss >= 88, "
                    + "capacity > 0 (got rtt " + rttMs + ", loss " + lossPct + ", channels " + channels + ", mss " + mss
                    + ", capacity " + capacityGbps + ")");
        }
        boolean jumbo = mss > 4000;
        double eta = jumbo ? constants.eta9000() : constants.eta1500();
        double cap = eta * capacityGbps;
        double total;
        double perChannel;
        String limit;
        String regime;
        if (lossPct == 0) {
            double window = jumbo ? constants.windowMbit9000() : constants.windowMbit1500();
            perChannel = window / rttMs;
            total = 1 / (1 / cap + rttMs / (channels * window));
            limit = rttMs / (channels * window) > 1 / cap ? "window" : "capacity";
            regime = "private (loss-free), MTU " + (jumbo ? 9000 : 1500) + " fit";
        } else {
            double[] c = {Math.log(constants.k()), constants.a(), constants.b()};
            perChannel = perChannel(c, rttMs, lossPct / 100, mss);
            total = Math.min(channels * perChannel, cap);
            limit = channels * perChannel > cap ? "capacity" : "loss";
            regime = "lossy (Internet classes) fit";
        }
        double minutes = bytes * 8.0 / (total * 1e9) / 60;
        return new Prediction(total, minutes, perChannel, limit, regime);
    }

    private static double perChannel(double[] c, double rttMs, double loss, int mss) {
        return Math.exp(c[0]) * mss / PAPER_MSS * Math.pow(rttMs, -c[1]) * Math.pow(loss, -c[2]);
    }

    /** Unique (rtt, loss, per-channel-Gbit/s... total Gbit/s) points of the Internet columns. */
    private static List<double[]> internetPoints(List<PaperRow> rows) {
        List<double[]> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (PaperRow r : rows) {
            for (DeliveryClass c : DeliveryClass.values()) {
                double t = r.internet(c);
                if (Double.isNaN(t) || t <= 0 || !seen.add(r.operation() + "/" + r.delayMs() + "/" + c)) {
                    continue;
                }
                out.add(new double[] {r.delayMs(), c.lossPercent() / 100, t});
            }
        }
        return out;
    }

    /** Least squares of log(T/N) = c0 - a log rtt - b log p: returns {c0, a, b}. */
    private static double[] fitLog(List<double[]> points) {
        double[][] ata = new double[3][3];
        double[] aty = new double[3];
        for (double[] p : points) {
            double[] x = {1, -Math.log(p[0]), -Math.log(p[1])};
            double y = Math.log(p[2] / PAPER_CHANNELS);
            for (int i = 0; i < 3; i++) {
                aty[i] += x[i] * y;
                for (int j = 0; j < 3; j++) {
                    ata[i][j] += x[i] * x[j];
                }
            }
        }
        return solve(ata, aty);
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

    /** Gaussian elimination with partial pivoting for a small dense system. */
    private static double[] solve(double[][] m, double[] v) {
        int n = v.length;
        double[][] a = new double[n][];
        double[] b = v.clone();
        for (int i = 0; i < n; i++) {
            a[i] = m[i].clone();
        }
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
                    pivot = r;
                }
            }
            double[] tr = a[col];
            a[col] = a[pivot];
            a[pivot] = tr;
            double tb = b[col];
            b[col] = b[pivot];
            b[pivot] = tb;
            for (int r = col + 1; r < n; r++) {
                double f = a[r][col] / a[col][col];
                for (int k = col; k < n; k++) {
                    a[r][k] -= f * a[col][k];
                }
                b[r] -= f * b[col];
            }
        }
        double[] x = new double[n];
        for (int r = n - 1; r >= 0; r--) {
            double s = b[r];
            for (int k = r + 1; k < n; k++) {
                s -= a[r][k] * x[k];
            }
            x[r] = s / a[r][r];
        }
        return x;
    }
}
