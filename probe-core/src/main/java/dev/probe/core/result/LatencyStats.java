package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import org.HdrHistogram.Histogram;

/** Latency percentiles in milliseconds, taken from an HdrHistogram of nanoseconds (real percentiles, not averages). */
public record LatencyStats(long count, double avg, double p50, double p90, double p99, double p999, double max) {

    private static final double NS_PER_MS = 1e6;
    /** Fewer samples than this beyond a percentile, and it is little more than the largest few (or the max). */
    public static final int TAIL = 10;

    /** Stats of {@code h}, or null when it holds no values. */
    public static LatencyStats of(Histogram h) {
        if (h == null || h.getTotalCount() == 0) {
            return null;
        }
        return new LatencyStats(h.getTotalCount(), h.getMean() / NS_PER_MS,
                ms(h, 50), ms(h, 90), ms(h, 99), ms(h, 99.9), h.getMaxValue() / NS_PER_MS);
    }

    private static double ms(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / NS_PER_MS;
    }

    /** Reads {@link #toJson()}'s form back, each field checked (milliseconds up to 10^9). */
    public static LatencyStats fromJson(ObjectNode l) {
        return new LatencyStats(Json.requireLong(l, "count", 0, Long.MAX_VALUE), ms(l, "avg"), ms(l, "p50"),
                ms(l, "p90"), ms(l, "p99"), ms(l, "p999"), ms(l, "max"));
    }

    private static double ms(ObjectNode l, String field) {
        return Json.requireDouble(l, field, 0, 1e9);
    }

    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("count", count);
        n.put("avg", avg);
        n.put("p50", p50);
        n.put("p90", p90);
        n.put("p99", p99);
        n.put("p999", p999);
        n.put("max", max);
        return n;
    }

    /** True when fewer than {@link #TAIL} samples lie beyond {@code percentile}: p99.9 needs 10,000 samples. */
    public boolean thin(double percentile) {
        return count * (100 - percentile) / 100 < TAIL;
    }
}
