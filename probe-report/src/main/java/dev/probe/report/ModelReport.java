package dev.probe.report;

import static dev.probe.report.Format.fmt;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The text and JSON forms of {@code report predict} and {@code report model}. */
public final class ModelReport {
    private ModelReport() {
    }

    /** Inputs of one prediction, echoed in its output. */
    public record Query(double rttMs, double lossPct, int channels, int mss, double capacityGbps, long dbSize) {
    }

    public static String predict(ThroughputModel model, Query q, Format format) {
        ThroughputModel.Prediction p = model.predict(q.rttMs(), q.lossPct(), q.channels(), q.mss(), q.capacityGbps(),
                q.dbSize());
        if (format == Format.JSON) {
            ObjectNode n = ReportJson.object();
            n.put("throughput_gbps", p.throughputGbps());
            n.put("minutes", p.minutes());
            ObjectNode m = n.putObject("model");
            m.put("regime", p.regime());
            m.put("limited_by", p.limitedBy());
            m.put("per_channel_gbps", p.perChannelGbps());
            ObjectNode in = m.putObject("inputs");
            in.put("rtt_ms", q.rttMs());
            in.put("loss_pct", q.lossPct());
            in.put("channels", q.channels());
            in.put("mss", q.mss());
            in.put("capacity_gbps", q.capacityGbps());
            in.put("db_size", q.dbSize());
            m.set("constants", constantsJson(model.constants()));
            return n.toPrettyString() + "\n";
        }
        return fmt("Predicted throughput = %.3f Gbit/s (%d channels x %.4f Gbit/s each, limited by %s)%n"
                        + "Time for %.2f TB     = %,.1f min (%.1f h, %.1f days)%n"
                        + "Model                = %s; RTT %.1f ms, loss %.3f %%, MSS %d, capacity %.1f Gbit/s%n",
                p.throughputGbps(), q.channels(), p.perChannelGbps(), p.limitedBy(), q.dbSize() / 1e12, p.minutes(), p.minutes() / 60,
                p.minutes() / 1440,
                p.regime(), q.rttMs(), q.lossPct(), q.mss(), q.capacityGbps());
    }

    public static String model(ThroughputModel model, Format format) {
        ThroughputModel.Constants c = model.constants();
        if (format == Format.JSON) {
            return constantsJson(c).toPrettyString() + "\n";
        }
        return fmt("Lossy paths (fitted to the paper's Internet columns, %d cells, %d left out as capacity-bound):%n"
                        + "  T_channel = k * (MSS/1448) * RTT_ms^-a * loss^-b   [Gbit/s, loss as a fraction]%n"
                        + "  k = %.6g   a = %.4f   b = %.4f%n"
                        + "  T = min(channels * T_channel, eta * capacity), eta = %.4f (MTU 1500 fit)%n"
                        + "  error on the paper's Internet cells: median %.1f %%, mean %.1f %%, max %.1f %%%n"
                        + "Loss-free paths (fitted to the paper's FC column per MTU):%n"
                        + "  1/T = 1/(eta * capacity) + RTT_ms / (channels * W)%n"
                        + "  MTU 1500: eta = %.4f, W = %.2f Mbit (%.2f MB) effective window per channel%n"
                        + "  MTU 9000: eta = %.4f, W = %.2f Mbit (%.2f MB) effective window per channel%n"
                        + "  error on the paper's FC cells: median %.1f %%, mean %.1f %%, max %.1f %%%n",
                c.internetPoints(), c.censoredPoints(), c.k(), c.a(), c.b(), c.eta1500(),
                100 * c.internetErrors().median(), 100 * c.internetErrors().mean(), 100 * c.internetErrors().max(),
                c.eta1500(), c.windowMbit1500(), c.windowMbit1500() / 8, c.eta9000(), c.windowMbit9000(),
                c.windowMbit9000() / 8,
                100 * c.privateErrors().median(), 100 * c.privateErrors().mean(), 100 * c.privateErrors().max());
    }

    private static ObjectNode constantsJson(ThroughputModel.Constants c) {
        ObjectNode n = ReportJson.object();
        ObjectNode lossy = n.putObject("lossy");
        lossy.put("formula", "T = min(channels * k * (mss/1448) * rtt_ms^-a * loss^-b, eta_1500 * capacity)");
        lossy.put("k", c.k());
        lossy.put("a", c.a());
        lossy.put("b", c.b());
        lossy.put("cells", c.internetPoints());
        lossy.put("censored_cells", c.censoredPoints());
        lossy.put("median_error", c.internetErrors().median());
        lossy.put("mean_error", c.internetErrors().mean());
        lossy.put("max_error", c.internetErrors().max());
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
