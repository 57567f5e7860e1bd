package dev.probe.report;

import dev.probe.model.LeastSquares;
import dev.probe.model.LinkCurve;
import dev.probe.model.LossyFit;
import dev.probe.model.PathModel;
import dev.probe.model.Spread;
import java.util.ArrayList;
import java.util.List;

/**
 * The paper's lossy model fitted to the user's own measured points ({@code report predict --from RESULT.json...}):
 * the paper's law keeps its shape (how a stream falls with RTT and loss), and two terms are fitted to the user's
 * link: a scale (this link's streams against the paper's) and, when the points have two or more channel counts, how
 * channels add ({@code N^gamma} below the knee; with one count, the lab's {@link Spread#CHANNEL_GAMMA}). The cap is
 * the paper's efficiency times the capacity the user gives.
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
    /**
     * The least share of the capacity a queued result must carry to count as filling the link: TCP fills a full
     * link to about nine tenths of it (the paper's 0.92), so a standing queue at under half the capacity the user
     * gave is a slower hop or a busy host (a lab run on a loaded machine: 0.196 Gbit/s of 0.5 with the round trip
     * at 29 ms of 20, while 35 channels then carried 0.380), not this link's efficiency.
     */
    static final double FILLED_FROM = 0.5;

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
        LinkFit f = solved(base, lossy, capacityGbps);
        double[] heldOut = new double[lossy.size() >= HELD_OUT_FROM ? lossy.size() : 0];
        for (int i = 0; i < heldOut.length; i++) {
            List<MeasuredPoint> rest = new ArrayList<>(lossy);
            MeasuredPoint out = rest.remove(i);
            heldOut[i] = ModelValidation.error(solved(base, rest, capacityGbps).gbps(out), out.gbps());
        }
        return new LinkFit(base, lossy, capacityGbps, f.logScale(), f.gamma(), f.gammaFitted(), f.errors(), heldOut);
    }

    /**
     * Least squares of log throughput over {@code points}: the log scale, and gamma when they have two or more
     * channel counts (else held at 1); with the error on each point, not yet checked on points left out.
     */
    private static LinkFit solved(LossyFit base, List<MeasuredPoint> points, double capacityGbps) {
        boolean withGamma = points.stream().mapToInt(MeasuredPoint::channels).distinct().count() >= 2;
        double[] x = LeastSquares.minimize(withGamma ? new double[] {0, 1} : new double[] {0}, points.size(),
                p -> residuals(of(base, points, capacityGbps, p), points),
                p -> withGamma ? new double[] {p[0], Math.min(1.5, Math.max(0.2, p[1]))} : p).getPoint().toArray();
        LinkFit f = of(base, points, capacityGbps, x);
        return new LinkFit(base, points, capacityGbps, f.logScale(), f.gamma(), withGamma, points.stream()
                .mapToDouble(p -> ModelValidation.error(f.gbps(p), p.gbps())).toArray(), new double[0]);
    }

    /** The fit of scale {@code x[0]} and, when given, channel exponent {@code x[1]}. */
    private static LinkFit of(LossyFit base, List<MeasuredPoint> points, double capacityGbps, double[] x) {
        return new LinkFit(base, points, capacityGbps, x[0], x.length > 1 ? x[1] : Spread.CHANNEL_GAMMA,
                x.length > 1, new double[0], new double[0]);
    }

    private static double[] residuals(LinkFit f, List<MeasuredPoint> points) {
        return points.stream().mapToDouble(p -> Math.log(f.gbps(p)) - Math.log(p.gbps())).toArray();
    }

    /** The point's throughput as this fit predicts it. */
    double gbps(MeasuredPoint p) {
        return Math.exp(new LinkCurve(base, logScale, gamma, 0, 0, gammaFitted, eta()).logTotal(p.rttMs(),
                p.lossPct() / 100, p.channels(), p.mss(), p.modelOperation(), capacityGbps));
    }

    /**
     * The share of the capacity this link's channels reach together: the most a result that filled the link (its
     * sender saw a standing queue, carrying at least {@link #FILLED_FROM} of the capacity) carried, over the
     * capacity; the paper's Internet path's where none did.
     */
    public double eta() {
        return points.stream().filter(this::filledIt).mapToDouble(p -> Math.min(1, p.gbps() / capacityGbps)).max()
                .orElse(base.eta());
    }

    /** How many results filled the link (see {@link #eta}). */
    public long filled() {
        return points.stream().filter(this::filledIt).count();
    }

    private boolean filledIt(MeasuredPoint p) {
        return p.queued() && p.gbps() >= FILLED_FROM * capacityGbps;
    }

    /** This fit as core's model uses it. */
    public LinkCurve curve() {
        return new LinkCurve(base, logScale, gamma, points.size(), ModelValidation.quantile(heldOut.length > 0
                ? heldOut : errors, PathModel.BAND_QUANTILE), gammaFitted, eta());
    }
}
