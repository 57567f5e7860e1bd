package dev.probe.report;

import static dev.probe.report.Format.fmt;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.model.LossyFit;
import dev.probe.model.PathModel;
import dev.probe.model.Spread;
import java.util.Locale;

/** The text and JSON forms of {@code report predict} and {@code report model}. */
public final class ModelReport {
    private ModelReport() {
    }

    /** Inputs of one prediction, echoed in its output. */
    public record Query(double rttMs, double lossPct, int channels, int mss, double capacityGbps, long dbSize,
            String operation) {
        /** Halfway between backup and restore. */
        public Query(double rttMs, double lossPct, int channels, int mss, double capacityGbps, long dbSize) {
            this(rttMs, lossPct, channels, mss, capacityGbps, dbSize, null);
        }
    }

    public static String predict(ThroughputModel model, Query q, Format format) {
        PathModel.Prediction p = model.predict(q.rttMs(), q.lossPct(), q.channels(), q.mss(), q.capacityGbps(),
                q.dbSize(), q.operation());
        if (format == Format.JSON) {
            ObjectNode n = ReportJson.object();
            n.put("throughput_gbps", p.throughputGbps());
            n.put("minutes", p.minutes());
            ObjectNode range = n.putObject("range");
            range.put("log_below", p.bandDown());
            range.put("log_above", p.bandUp());
            range.put("gbps_low", p.gbpsRange()[0]);
            range.put("gbps_high", p.gbpsRange()[1]);
            range.put("minutes_low", p.minutesLow());
            range.put("minutes_high", p.minutesHigh());
            range.put("basis", p.bandBasis());
            ObjectNode m = n.putObject("model");
            m.put("regime", p.regime());
            m.put("limited_by", p.limitedBy());
            m.put("per_channel_gbps", p.perChannelGbps());
            m.put("one_stream_gbps", p.streamGbps());
            ObjectNode in = m.putObject("inputs");
            in.put("rtt_ms", q.rttMs());
            in.put("loss_pct", q.lossPct());
            in.put("channels", q.channels());
            in.put("mss", q.mss());
            in.put("capacity_gbps", q.capacityGbps());
            in.put("db_size", q.dbSize());
            if (q.operation() == null) {
                in.putNull("operation");
            } else {
                in.put("operation", q.operation());
            }
            m.set("constants", constantsJson(model.constants()));
            if (model.link() != null) {
                m.set("link_fit", linkJson(model.link()));
            }
            return n.toPrettyString() + "\n";
        }
        return fmt("Predicted throughput = %.3f Gbit/s (%d channels x %.4f Gbit/s each, limited by %s%s)%n"
                + "Time for %.2f TB     = %,.1f min (%.1f h, %.1f days)%n"
                + "Range                = %s to %s (%s)%n"
                + "Model                = %s; RTT %.1f ms, loss %.3f %%, MSS %d, capacity %.1f Gbit/s, %s%n",
                p.throughputGbps(), q.channels(), p.perChannelGbps(), p.limitedBy(), alone(p), q.dbSize() / 1e12,
                p.minutes(), p.minutes() / 60, p.minutes() / 1440, duration(p.minutesLow()), duration(p.minutesHigh()),
                basis(p), p.regime(), q.rttMs(), q.lossPct(), q.mss(), q.capacityGbps(), q.operation() == null
                        ? "halfway between backup and restore (--direction for one)" : q.operation())
                + (model.link() == null ? q.lossPct() > 0 ? UNMEASURED : "" : linkText(model.link())
                        + trusted(p, ThroughputModel.paper().predict(q.rttMs(), q.lossPct(), q.channels(), q.mss(),
                                q.capacityGbps(), q.dbSize(), q.operation()), model.link()));
    }

    /**
     * What a lossy prediction from the paper's fit alone does not know: the user's own streams. Measured on this
     * project's lab (2026-11-27, a steady-state sweep of the paper's backup grid, 40 s a cell): 0.66-1.14 x the
     * paper's, 0.72-0.99 x at 0.1 %.
     */
    static final String UNMEASURED = "Your link           = not measured: the range is the paper's paths'. Another "
            + "path's streams carry their own multiple of the paper's (this project's lab: 0.66-1.14 x across the "
            + "paper's grid, 0.77 x at 40 ms and 0.1 %);\n                      one bulk run on your link, given with "
            + "--from, fits the model to it\n";

    /**
     * The paper's fit beside the one to the user's link: whether each lies within the other's range, and which to
     * trust when they do not (the link's: it is fitted to this link's own streams).
     */
    static String trusted(PathModel.Prediction link, PathModel.Prediction paper, LinkFit f) {
        boolean paperInLink = paper.minutes() >= link.minutesLow() && paper.minutes() <= link.minutesHigh();
        boolean linkInPaper = link.minutes() >= paper.minutesLow() && link.minutes() <= paper.minutesHigh();
        String both = fmt("The paper's fit  = %,.0f min (%s to %s)", paper.minutes(), duration(paper.minutesLow()),
                duration(paper.minutesHigh()));
        return paperInLink && linkInPaper ? both + ": the two agree within each other's ranges\n"
                : both + fmt(": %s; trust the fit to your link: it rests on %d result(s) of this link's own "
                        + "streams, which carry %.2f x the paper's%n", paperInLink || linkInPaper
                                ? "only one lies within the "
                                        + "other's range" : "outside this range, and this outside its", f.points()
                                                .size(),
                        Math.exp(f.logScale()));
    }

    /** What the fit to the user's link rests on and how well it fits its points. */
    private static String linkText(LinkFit f) {
        StringBuilder sb = new StringBuilder(fmt("Your link           = %d result(s) with loss: this link's streams "
                + "carry %.2f x the paper's; channels add as N^%.2f (%s)%n", f.points().size(),
                Math.exp(f.logScale()), f.gamma(), f.gammaFitted() ? "fitted: the results have several channel counts"
                        : "not fitted: one channel count, taken as the lab's N^0.975"));
        sb.append(fmt("                      error on them: median %.1f %%, max %.1f %%%s%n",
                100 * ModelValidation.median(f.errors()), 100 * ModelValidation.max(f.errors()),
                f.heldOut().length > 0 ? fmt("; each left out: median %.1f %%, max %.1f %%",
                        100 * ModelValidation.median(f.heldOut()), 100 * ModelValidation.max(f.heldOut()))
                        : "; too few to check on results the fit did not see (3 or more)"));
        sb.append(fmt("                      the channels reach %.3f of the %.1f Gbit/s capacity together (%s)%n",
                f.eta(), f.capacityGbps(), f.filled() > 0 ? fmt("measured: the most of %d result(s) that filled the "
                        + "link", f.filled()) : "the paper's Internet path's: none of the results filled the link"));
        for (MeasuredPoint p : f.points()) {
            sb.append(fmt("  %-30s %s, %d channels, RTT %.1f ms, loss %.3f %% (%s): measured %.3f Gbit/s, fit %.3f%n",
                    p.file(), p.operation(), p.channels(), p.rttMs(), p.lossPct(), p.lossSource(), p.gbps(),
                    f.gbps(p)));
        }
        return sb.toString();
    }

    private static ObjectNode linkJson(LinkFit f) {
        ObjectNode n = ReportJson.object();
        n.put("points", f.points().size());
        n.put("scale", Math.exp(f.logScale()));
        n.put("channel_exponent", f.gamma());
        n.put("channel_exponent_fitted", f.gammaFitted());
        n.put("median_error", ModelValidation.median(f.errors()));
        n.put("max_error", ModelValidation.max(f.errors()));
        if (f.heldOut().length > 0) {
            n.put("held_out_median_error", ModelValidation.median(f.heldOut()));
            n.put("held_out_max_error", ModelValidation.max(f.heldOut()));
        }
        ArrayNode points = n.putArray("results");
        for (MeasuredPoint p : f.points()) {
            points.addObject().put("file", p.file()).put("operation", p.operation()).put("channels", p.channels())
                    .put("rtt_ms", p.rttMs()).put("loss_pct", p.lossPct()).put("measured_gbps", p.gbps())
                    .put("fit_gbps", f.gbps(p));
        }
        return n;
    }

    /** "2.6 days", "71.6 h", "42 min". */
    static String duration(double minutes) {
        if (!Double.isFinite(minutes)) {
            return "unbounded";
        }
        return minutes >= 2 * 1440 ? fmt("%.1f days", minutes / 1440) : minutes >= 120 ? fmt("%.1f h", minutes / 60)
                : fmt("%,.0f min", minutes);
    }

    /** "0.62-0.78 Gbit/s, -10.7 % / +12.0 %: " and what the range adds up from. */
    private static String basis(PathModel.Prediction p) {
        double[] g = p.gbpsRange();
        return fmt("%.3g-%.3g Gbit/s, -%.1f %% / +%.1f %%: %s", g[0], g[1], 100 * (1 - g[0] / p.throughputGbps()),
                100 * (g[1] / p.throughputGbps() - 1), p.bandBasis());
    }

    /** "; one stream alone 0.0204" when the channels share a cap, so each carries less than a stream alone. */
    private static String alone(PathModel.Prediction p) {
        return p.streamGbps() > 1.005 * p.perChannelGbps() ? fmt("; one stream alone %.4f", p.streamGbps()) : "";
    }

    public static String model(ThroughputModel model, Format format) {
        PathModel.Constants c = model.constants();
        if (format == Format.JSON) {
            return constantsJson(c).toPrettyString() + "\n";
        }
        LossyFit f = c.lossy();
        return fmt("Lossy paths (fitted to the paper's %d Internet cells at 35 channels; the law kept by AIC):%n"
                + "  per channel: %s%n"
                + "  %s%n"
                + "  T = softmin(35 (channels / 35)^%.3f * per channel * restore/backup factor, "
                + "eta * capacity; knee %.1f)%n"
                + "  restore/backup factor %.3f, eta %.4f, base RTT of the <2 cells %.2f ms%n"
                + "  error on the cells fitted: median %.1f %%, mean %.1f %%, max %.1f %%%n"
                + "  error on cells left out (each refitted without it): median %.1f %%, max %.1f %%%n"
                + "  ranges (90th percentiles, cross-validated): %s with each round trip left out, "
                + "+%.1f %% per decade of RTT and +%.1f %% per decade of loss beyond the grid%n"
                + "Loss-free paths (fitted to the paper's FC column per MTU):%n"
                + "  1/T = 1/(eta * capacity) + RTT_ms / (channels * W)%n"
                + "  MTU 1500: eta = %.4f, W = %.2f Mbit (%.2f MB) effective window per channel%n"
                + "  MTU 9000: eta = %.4f, W = %.2f Mbit (%.2f MB) effective window per channel%n"
                + "  error on the paper's FC cells: median %.1f %%, mean %.1f %%, max %.1f %%%n"
                + "Every law scored, and the paper's tipping points from the predictions: report model --validate%n",
                c.internetPoints(), f.law().formula(), constants(f), Spread.CHANNEL_GAMMA, f.knee(),
                f.restoreOverBackup(), f.eta(), f.baseRttMs(), 100 * c.internetErrors().median(),
                100 * c.internetErrors().mean(),
                100 * c.internetErrors().max(), 100 * c.heldOutErrors().median(), 100 * c.heldOutErrors().max(),
                Spread.percent(c.band()), 100 * c.spread().rttPerDecade(),
                100 * c.spread().lossPerDecade(), c.eta1500(), c.windowMbit1500(), c.windowMbit1500() / 8, c.eta9000(),
                c.windowMbit9000(), c.windowMbit9000() / 8,
                100 * c.privateErrors().median(), 100 * c.privateErrors().mean(), 100 * c.privateErrors().max());
    }

    /** "k1_log = -6.0174, a1 = 1.1300, ...". */
    static String constants(LossyFit f) {
        StringBuilder sb = new StringBuilder();
        double[] v = f.lawConstants();
        String[] names = f.law().names();
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(fmt("%s = %.4f", names[i], v[i]));
        }
        return sb.toString();
    }

    private static ObjectNode constantsJson(PathModel.Constants c) {
        ObjectNode n = ReportJson.object();
        ObjectNode lossy = n.putObject("lossy");
        LossyFit f = c.lossy();
        lossy.put("law", f.law().name().toLowerCase(Locale.ROOT));
        lossy.put("per_channel", f.law().formula());
        lossy.put("formula", "T = softmin(35 (channels / 35)^channel_exponent * per_channel * "
                + "restore_backup_factor^(+-1/2), eta * capacity; knee)");
        lossy.put("channel_exponent", Spread.CHANNEL_GAMMA);
        ObjectNode constants = lossy.putObject("constants");
        for (int i = 0; i < f.lawConstants().length; i++) {
            constants.put(f.law().names()[i], f.lawConstants()[i]);
        }
        lossy.put("restore_backup_factor", f.restoreOverBackup());
        lossy.put("eta", f.eta());
        lossy.put("knee", f.knee());
        lossy.put("base_rtt_ms", f.baseRttMs());
        lossy.put("cells", c.internetPoints());
        lossy.put("median_error", c.internetErrors().median());
        lossy.put("mean_error", c.internetErrors().mean());
        lossy.put("max_error", c.internetErrors().max());
        lossy.put("held_out_median_error", c.heldOutErrors().median());
        lossy.put("held_out_max_error", c.heldOutErrors().max());
        lossy.put("band", c.band());
        ObjectNode spread = n.putObject("ranges");
        spread.put("rtt_left_out_p90", c.spread().rttOut());
        spread.put("per_decade_of_rtt", c.spread().rttPerDecade());
        spread.put("loss_left_out_p90", c.spread().lossOut());
        spread.put("per_decade_of_loss", c.spread().lossPerDecade());
        spread.put("operation_left_out_p90", c.spread().operationOut());
        spread.put("private_rtt_left_out_p90", c.spread().privateRttOut());
        ObjectNode free = n.putObject("loss_free");
        free.put("formula", "1/T = 1/(eta * capacity) + rtt_ms / (channels * W)");
        free.put("eta_1500", c.eta1500());
        free.put("window_mbit_1500", c.windowMbit1500());
        free.put("eta_9000", c.eta9000());
        free.put("window_mbit_9000", c.windowMbit9000());
        free.put("median_error", c.privateErrors().median());
        free.put("max_error", c.privateErrors().max());
        return n;
    }
}
