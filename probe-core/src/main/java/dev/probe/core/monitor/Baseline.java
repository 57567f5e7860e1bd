package dev.probe.core.monitor;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The yardsticks a qualification set ({@code probe monitor --baseline qualify.json}): the commit budget SYNC must
 * fit, the bandwidth one stream must carry for the peak redo rate, and the lag growth still called flat; each check
 * is judged against them as {@code probe qualify} judged the link.
 *
 * @param standby               the server qualified, {@code host:port} as the qualification named it
 * @param commitBudgetSeconds   the added commit time SYNC may cost (qualify's --commit-budget)
 * @param localLogWriteSeconds  the primary's own log write, which overlaps the round trip
 * @param requiredBytesPerSecond the bandwidth the peak redo rate needs over TCP (support note 736755.1)
 * @param peakBytesPerSecond    the peak redo rate
 * @param writeSize             the redo write size the qualification's first SYNC step used
 * @param qualifiedAt           when the qualification started (as its document says)
 * @param verdicts              the qualification's verdicts by name, with their status
 */
public record Baseline(String standby, double commitBudgetSeconds, double localLogWriteSeconds,
        double requiredBytesPerSecond,
        double peakBytesPerSecond, long writeSize, String qualifiedAt, Map<String, String> verdicts) {

    /** Growth at or below this many seconds of lag per second is flat (as {@code qualify}'s lag trace says). */
    public static final double FLAT_GROWTH = 0.01;
    /** The verdicts' states as gauge values: what alert rules compare with. */
    public static final int PASS = 0;
    public static final int MARGINAL = 1;
    public static final int FAIL = 2;
    private static final String FLAG = "--baseline";
    private static final long MAX_FILE = 64L << 20;

    public Baseline {
        verdicts = Map.copyOf(verdicts);
    }

    /** Reads a {@code probe qualify --json} document; anything else is an error naming {@code --baseline}. */
    public static Baseline read(Path file) {
        JsonNode doc;
        try {
            if (Files.size(file) > MAX_FILE) {
                throw new BadParameterException(FLAG, file + " is over 64 MiB: not a qualify result");
            }
            doc = Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new BadParameterException(FLAG, "cannot read " + file + ": " + e.getMessage().lines().findFirst()
                    .orElse(e.getClass().getSimpleName()));
        }
        if (doc == null || !"qualify".equals(doc.path("kind").asText())) {
            throw new BadParameterException(FLAG, file + " is not a probe qualify result (kind \""
                    + (doc == null ? "" : doc.path("kind").asText()) + "\"; make one with probe qualify --json FILE)");
        }
        JsonNode p = doc.path("params");
        JsonNode s = doc.path("summary");
        Map<String, String> verdicts = new LinkedHashMap<>();
        s.path("verdicts").forEach(v -> verdicts.put(v.path("name").asText(), v.path("status").asText()));
        return new Baseline(p.path("host").asText() + ":" + p.path("port").asInt(), positive(p, "commit_budget_ms",
                file) / 1000, p.path("local_log_write_ms").asDouble(0) / 1000,
                positive(s, "required_bps", file) / 8, positive(p, "redo_rate_bytes_s", file),
                p.path("redo_write_sizes").path(0).asLong(32 << 10), doc.path("started_at").asText(""), verdicts);
    }

    private static double positive(JsonNode n, String field, Path file) {
        double v = n.path(field).asDouble(Double.NaN);
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new BadParameterException(FLAG, file + " has no positive " + field
                    + ": not a complete qualify result");
        }
        return v;
    }

    /** SYNC as qualify judges it: PASS when p99 added commit time fits the budget, MARGINAL when only p50 does. */
    public int sync(double p50Seconds, double p99Seconds) {
        return added(p99Seconds) <= commitBudgetSeconds ? PASS
                : added(p50Seconds) <= commitBudgetSeconds ? MARGINAL : FAIL;
    }

    private double added(double roundTripSeconds) {
        return Math.max(0, roundTripSeconds - localLogWriteSeconds);
    }

    /**
     * ASYNC from one stream's goodput: PASS when it carries the required bandwidth, MARGINAL when it keeps up with the
     * peak but without TCP's headroom, FAIL when lag would grow.
     */
    public int async(double bytesPerSecond) {
        return bytesPerSecond >= requiredBytesPerSecond ? PASS
                : lagGrowth(bytesPerSecond) <= FLAT_GROWTH ? MARGINAL : FAIL;
    }

    /** Seconds of redo the standby falls behind per second at the peak rate over a stream this fast (0 if it keeps up). */
    public double lagGrowth(double bytesPerSecond) {
        return Math.max(0, 1 - bytesPerSecond / peakBytesPerSecond);
    }
}
