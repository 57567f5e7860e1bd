package dev.probe.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.model.PathModel;
import java.io.CharConversionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One probe result file reduced to what the paper's map needs: the flow's direction (backup = towards the
 * server), its throughput, the path's RTT and loss (from the lab's impairment when the run recorded one,
 * otherwise from TCP_INFO: min RTT, retransmit ratio), channels and MSS. A sweep run with capacity scaling
 * ({@code channel_scale} in its params) stands for the paper's channel count on a 10 Gbit/s link: its throughput is
 * multiplied by the scale and its channels are the paper's.
 *
 * @param scale what the measured throughput was multiplied by (1 = as measured)
 * @param payload what the run sent ({@code random}: unique bytes; a result from before payloads were recorded
 *                sent one random buffer repeated, {@link #REPEATING})
 * @param queued  whether the run's sender saw a standing queue: it filled its path
 *                (bulk's {@code summary.model.queued})
 */
public record MeasuredPoint(String file, String kind, String operation, double gbps, double rttMs, double lossPct,
        String lossSource, int channels, int mss, double scale, String payload, boolean queued) {

    /** The largest file read as a result: a long run's JSON with every interval is a few MB. */
    static final long MAX_RESULT_BYTES = 64L << 20;
    /** The most channels a result may say it used (probe's own cap is 256 per run, agents multiply it). */
    static final int MAX_CHANNELS = 100_000;
    /** The payload of results written before probe recorded one: a repeating buffer a WAN optimiser can shrink. */
    public static final String REPEATING = "repeating (a probe older than unique payloads)";

    /** True unless the run sent unique random bytes, which no compressor or deduplicator on the path can shrink. */
    public boolean shrinkable() {
        return !payload.equals("random");
    }

    /** Reads a {@code probe.result/1} document; throws a {@link ReportInputException} naming what is missing. */
    public static MeasuredPoint read(Path path) throws IOException {
        return of(checked(path), path);
    }

    /**
     * Every point a result holds: a bulk, objstore or client run's one; a qualification's one-stream (3 x BDP
     * buffers) and several-stream steps, each at the rate qualify judged it by (the step's steady half), with the
     * round trip and retransmits its step measured.
     */
    public static List<MeasuredPoint> readAll(Path path) throws IOException {
        JsonNode d = checked(path);
        if (!"qualify".equals(d.path("kind").asText())) {
            return List.of(of(d, path));
        }
        List<MeasuredPoint> out = new ArrayList<>();
        for (JsonNode step : d.path("steps")) {
            String name = step.path("step").asText();
            String key = name.equals("capacity") ? "capacity_bps" : name.equals("tuned_buffers") ? "tuned_buffers_bps"
                    : null;
            double bps = key == null ? Double.NaN : d.path("summary").path(key).asDouble(Double.NaN);
            if (bps > 0 && !step.path("label").asText().endsWith("under load")) {
                MeasuredPoint m = of(step.path("result"), path);
                out.add(new MeasuredPoint(m.file() + " (" + step.path("label").asText(name) + ")", m.kind(),
                        m.operation(), bps / 1e9, m.rttMs(), m.lossPct(), m.lossSource(), m.channels(), m.mss(),
                        m.scale(), m.payload(), false));
            }
        }
        if (out.isEmpty()) {
            throw new ReportInputException(path + ": a qualification without the one-stream and several-stream steps "
                    + "the model needs (the ASYNC steps: qualify --mode async or both)");
        }
        return out;
    }

    /** The file, bounded, as a probe result. */
    private static JsonNode checked(Path path) throws IOException {
        if (!Files.isRegularFile(path)) {
            throw new ReportInputException(path + ": no such file");
        }
        long size = Files.size(path);
        if (size > MAX_RESULT_BYTES) {
            throw new ReportInputException(String.format("%s: %,d bytes is no probe result (they are at most a few "
                    + "MB; read up to %,d)", path, size, MAX_RESULT_BYTES));
        }
        return document(path);
    }

    /** {@code d}, read from {@code path}: what the map needs of it, or a {@link ReportInputException} naming why not. */
    static MeasuredPoint of(JsonNode d, Path path) {
        String kind = d.path("kind").asText();
        JsonNode s = d.path("summary");
        JsonNode p = d.path("params");
        double gbps;
        String operation;
        int channels;
        if (kind.equals("bulk") || kind.equals("objstore")) {
            // the steady half's rate where the run had one (its start-up burst is not what a long backup sees)
            gbps = s.path("projection").path("steady_gbps").asDouble(s.path("throughput_gbps").asDouble(Double.NaN));
            operation = p.path("direction").asText("backup");
            channels = count(p, "channels", path);
        } else if (kind.equals("sync") || kind.equals("async")) {
            gbps = s.path("throughput_mib_s").asDouble(Double.NaN) * 1048576 * 8 / 1e9;
            operation = "redo";
            channels = count(p, "num_conn", path);
        } else {
            throw new ReportInputException(path + ": unknown result kind '" + kind + "'");
        }
        JsonNode tcp = s.path("tcp");
        double rtt = rttMs(p, s, tcp);
        double loss = p.path("impair_loss_pct").asDouble(Double.NaN);
        String lossSource = "lab impairment";
        if (Double.isNaN(loss)) {
            JsonNode ratio = tcp.path("retransmit_ratio");
            loss = ratio.isNumber() ? ratio.asDouble() * 100 : Double.NaN;
            lossSource = ratio.isNumber() ? "TCP retransmit ratio" : "unknown";
        }
        if (Double.isNaN(gbps) || Double.isNaN(rtt)) {
            throw new Unplaceable(path + " (" + kind + ": no " + (Double.isNaN(gbps) ? "throughput"
                    : "round-trip time") + " in it to place on the paper's map" + (kind.equals("objstore")
                            ? "; the OCI SDK's HTTP connections report no TCP RTT: a sweep's runs carry the lab's" : "")
                    + ")");
        }
        if (!(gbps > 0 && gbps < 1e6) || !(rtt > 0 && rtt < 1e6)) {
            throw new ReportInputException(path + ": throughput " + gbps + " Gbit/s and RTT " + rtt + " ms must be "
                    + "above 0 (and below 1e6) to place on the paper's map");
        }
        double scale = p.path("channel_scale").asDouble(1);
        if (!(scale > 0 && scale <= 1000)) {
            throw new ReportInputException(path + ": channel_scale " + scale + " is out of range (0, 1000]");
        }
        channels = scale != 1 && p.has("paper_channels") ? count(p, "paper_channels", path) : channels;
        return new MeasuredPoint(path.getFileName().toString(), kind, operation, gbps * scale, Math.max(rtt, 0.001),
                loss,
                lossSource, channels, tcp.path("mss").asInt(PathModel.PAPER_MSS), scale,
                p.path("payload").asText(REPEATING), s.path("model").path("queued").asBoolean(false));
    }

    /** A channel or connection count: 1 when absent, else a whole number in [1, {@link #MAX_CHANNELS}]. */
    private static int count(JsonNode params, String field, Path path) {
        JsonNode n = params.path(field);
        if (n.isMissingNode() || n.isNull()) {
            return 1;
        }
        if (!n.isIntegralNumber() || !n.canConvertToInt() || n.asInt() < 1 || n.asInt() > MAX_CHANNELS) {
            throw new ReportInputException(path + ": params." + field + " " + n + " is not a count in [1, "
                    + MAX_CHANNELS + "]");
        }
        return n.asInt();
    }

    /** The file as JSON: a probe.result/1 document, or one line saying why not. */
    private static JsonNode document(Path path) {
        JsonNode d;
        try {
            d = ReportJson.MAPPER.readTree(path.toFile());
        } catch (JsonProcessingException e) {
            throw new ReportInputException(path + " is not JSON: " + e.getOriginalMessage());
        } catch (CharConversionException e) {
            throw new ReportInputException(path + " is not JSON text: " + e.getMessage());
        } catch (IOException e) {
            throw new ReportInputException(path + ": cannot read it: " + e.getMessage());
        }
        if (d == null || !"probe.result/1".equals(d.path("schema").asText())) {
            throw new ReportInputException(path + " is not a probe result (schema probe.result/1)");
        }
        return d;
    }

    /** The lab's RTT when the run had one, else TCP's smallest (or smoothed) RTT, else the latency's p50. */
    private static double rttMs(JsonNode p, JsonNode s, JsonNode tcp) {
        double rtt = p.path("impair_rtt_ms").asDouble(Double.NaN);
        if (Double.isNaN(rtt)) {
            rtt = tcp.path("min_rtt_ms").asDouble(tcp.path("rtt_ms").asDouble(Double.NaN));
        }
        if (Double.isNaN(rtt) || rtt <= 0) {
            rtt = s.path("latency_ms").path("p50").asDouble(Double.NaN);
        }
        return rtt;
    }

    /** The paper's class for this loss; null for a loss-free path (the private link's column), or unknown loss. */
    public DeliveryClass deliveryClass() {
        return Double.isNaN(lossPct) ? null : DeliveryClass.ofLossPercent(lossPct);
    }

    /** True for a lab sweep's run, whose loss and RTT are the impairment it was given (not inferred). */
    public boolean fromSweep() {
        return lossSource.equals("lab impairment");
    }

    /** The model's operation for this run: "backup" or "restore", or null (a redo stream: halfway between). */
    public String modelOperation() {
        return operation.equals("backup") || operation.equals("restore") ? operation : null;
    }

    /** True for sync/async results: one redo stream's latency and throughput, not RMAN channels. */
    public boolean redoStyle() {
        return kind.equals("sync") || kind.equals("async");
    }

    /**
     * "FC" (loss-free) or the class name; a class read from TCP retransmits (not a loss the user or the lab set)
     * is labelled a guess, and an RTT below the paper's smallest (2 ms) says so.
     */
    public String classLabel() {
        if (Double.isNaN(lossPct)) {
            return "unknown loss";
        }
        DeliveryClass c = deliveryClass();
        String label = c == null ? "loss-free (FC)" : "Internet " + c.label();
        if (!fromSweep()) {
            label += " (guess from TCP retransmits)";
        }
        return rttMs < PAPER_MIN_RTT_MS ? label + " (RTT below the paper's 2 ms)" : label;
    }

    /** The paper's smallest delay (its "<2" column). */
    static final double PAPER_MIN_RTT_MS = 2;

    /** A well-formed result that lacks a figure the map needs: left off the report with this note, not an error. */
    public static final class Unplaceable extends IllegalArgumentException {
        Unplaceable(String note) {
            super(note);
        }
    }
}
