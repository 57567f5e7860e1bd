package dev.probe.report;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.util.Pair;

/**
 * The paper's lossy model fitted to the user's own measured points ({@code report predict --from RESULT.json...}):
 * the paper's law keeps its shape (how a stream falls with RTT and loss), and two terms are fitted to the user's
 * link: a scale (this link's streams against the paper's) and, when the points have two or more channel counts, how
 * channels add ({@code N^gamma} below the knee; 1, linear, with one count). The cap is the paper's efficiency times
 * the capacity the user gives.
 *
 * @param base         the paper's fit
 * @param points       the lossy points it was fitted to
 * @param capacityGbps the link's capacity
 * @param logScale     log of this link's per-stream rate over the paper's
 * @param gamma        the channel exponent
 * @param gammaFitted  whether the points had the channel counts to fit it
 * @param errors       each point's error, fitted (|model - measured| / measured)
 * @param heldOut      each point's error when refitted without it; empty below three points
 */
public record LinkFit(LossyFit base, List<MeasuredPoint> points, double capacityGbps, double logScale, double gamma,
                      boolean gammaFitted, double[] errors, double[] heldOut) {
    /** Points needed before the fit is checked on points it did not see. */
    static final int HELD_OUT_FROM = 3;

    public LinkFit {
        points = List.copyOf(points);
        errors = errors.clone();
        heldOut = heldOut.clone();
    }

    /** {@code base} fitted to the lossy points among {@code points}; none lossy is a {@link ReportInputException}. */
    public static LinkFit fit(LossyFit base, List<MeasuredPoint> points, double capacityGbps) {
        List<MeasuredPoint> lossy = points.stream().filter(p -> p.lossPct() > 0 && p.lossPct() < 100).toList();
        if (lossy.isEmpty()) {
            throw new ReportInputException("--from: none of the " + points.size() + " result(s) has a loss to fit "
                    + "the lossy model to (a loss-free run's link is the private-link fit's; give runs with loss)");
        }
        double[] x = solve(base, lossy, capacityGbps);
        boolean gammaFitted = channelCounts(lossy) >= 2;
        LinkFit f = new LinkFit(base, lossy, capacityGbps, x[0], gammaFitted ? x[1] : 1, gammaFitted, new double[0],
                new double[0]);
        double[] errors = lossy.stream().mapToDouble(p -> ModelValidation.error(f.gbps(p), p.gbps())).toArray();
        double[] heldOut = new double[lossy.size() >= HELD_OUT_FROM ? lossy.size() : 0];
        for (int i = 0; i < heldOut.length; i++) {
            List<MeasuredPoint> rest = new ArrayList<>(lossy);
            MeasuredPoint out = rest.remove(i);
            double[] y = solve(base, rest, capacityGbps);
            LinkFit without = new LinkFit(base, rest, capacityGbps, y[0], channelCounts(rest) >= 2 ? y[1] : 1,
                    channelCounts(rest) >= 2, new double[0], new double[0]);
            heldOut[i] = ModelValidation.error(without.gbps(out), out.gbps());
        }
        return new LinkFit(base, lossy, capacityGbps, f.logScale(), f.gamma(), gammaFitted, errors, heldOut);
    }

    private static long channelCounts(List<MeasuredPoint> points) {
        return points.stream().mapToInt(MeasuredPoint::channels).distinct().count();
    }

    /** Least squares of log throughput over {@code points}: {log scale, gamma} (gamma held at 1 with one count). */
    private static double[] solve(LossyFit base, List<MeasuredPoint> points, double capacityGbps) {
        boolean withGamma = channelCounts(points) >= 2;
        double[] start = withGamma ? new double[] {0, 1} : new double[] {0};
        RealVector point = new LevenbergMarquardtOptimizer().optimize(new LeastSquaresBuilder().start(start)
                .target(new double[points.size()]).maxEvaluations(10_000).maxIterations(1_000)
                .parameterValidator(v -> withGamma ? new ArrayRealVector(new double[] {v.getEntry(0),
                        Math.min(1.5, Math.max(0.2, v.getEntry(1)))}) : v)
                .model(v -> {
                    double[] p = v.toArray();
                    double[] r = residuals(base, points, capacityGbps, p);
                    double[][] j = new double[points.size()][p.length];
                    for (int k = 0; k < p.length; k++) {
                        double[] q = p.clone();
                        q[k] += 1e-7;
                        double[] rq = residuals(base, points, capacityGbps, q);
                        for (int i = 0; i < r.length; i++) {
                            j[i][k] = (rq[i] - r[i]) / 1e-7;
                        }
                    }
                    return new Pair<RealVector, RealMatrix>(new ArrayRealVector(r, false),
                            new Array2DRowRealMatrix(j, false));
                }).build()).getPoint();
        return withGamma ? point.toArray() : new double[] {point.getEntry(0), 1};
    }

    private static double[] residuals(LossyFit base, List<MeasuredPoint> points, double capacityGbps, double[] x) {
        LinkFit f = new LinkFit(base, List.of(), capacityGbps, x[0], x.length > 1 ? x[1] : 1, x.length > 1,
                new double[0], new double[0]);
        return points.stream().mapToDouble(p -> Math.log(f.gbps(p)) - Math.log(p.gbps())).toArray();
    }

    /** The point's throughput as this fit predicts it. */
    double gbps(MeasuredPoint p) {
        return Math.exp(logTotal(p.rttMs(), p.lossPct() / 100, p.channels(), p.mss(), operation(p.operation()),
                capacityGbps));
    }

    private static String operation(String op) {
        return op.equals("backup") || op.equals("restore") ? op : null;
    }

    /** log of one stream's Gbit/s on this link. */
    double logPerStream(double rttMs, double loss, int mss, String operation) {
        return base.logPerStream(rttMs, loss, mss, operation) + logScale;
    }

    /** log of what {@code channels} carry together on this link's kind of path with {@code capacity} Gbit/s. */
    double logTotal(double rttMs, double loss, int channels, int mss, String operation, double capacity) {
        return base.logTotal(gamma * Math.log(channels) + logPerStream(rttMs, loss, mss, operation),
                Math.log(base.eta() * capacity));
    }

    /** The relative error a prediction from this fit carries: the larger of the paper's and this fit's own. */
    double band(double paperBand) {
        double[] own = heldOut.length > 0 ? heldOut : errors;
        return Math.max(paperBand, ModelValidation.quantile(own, ThroughputModel.BAND_QUANTILE));
    }
}
