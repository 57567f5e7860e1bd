package dev.probe.core.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.IntervalSample;
import java.util.List;

/**
 * One interval of one host (or of several merged): bytes and, for redo tests, messages with their mean and p99
 * round trip (NaN when not measured, as in bulk runs or async tests) and whether it was warm-up. Merging adds
 * bytes and messages, weights the mean by messages and keeps the largest p99: the p99 of the union is never
 * above it (each part has at most 1 % of its messages above its own p99).
 *
 * @param tSeconds end of the interval, seconds since the start
 */
public record HostInterval(double tSeconds, long bytes, long messages, double latencyAvgMs, double latencyP99Ms,
        boolean warmup) {
    static HostInterval of(BulkProgress p) {
        return new HostInterval(p.tSeconds(), p.bytes(), 0, Double.NaN, Double.NaN, false);
    }

    static HostInterval of(IntervalSample s) {
        return new HostInterval(s.tSeconds(), s.bytes(), s.messages(),
                s.latency() == null ? Double.NaN : s.latency().avg(), s.latency() == null ? Double.NaN : s.latency()
                        .p99(),
                s.warmup());
    }

    /** The parts added up (see the type's comment); an empty list is an empty interval at 0 s. */
    static HostInterval merge(List<HostInterval> parts) {
        double t = 0;
        long bytes = 0;
        long messages = 0;
        double latencySum = 0;
        long latencyCount = 0;
        double p99 = Double.NaN;
        boolean warmup = false;
        for (HostInterval p : parts) {
            t = Math.max(t, p.tSeconds);
            bytes += p.bytes;
            messages += p.messages;
            if (!Double.isNaN(p.latencyAvgMs) && p.messages > 0) {
                latencySum += p.latencyAvgMs * p.messages;
                latencyCount += p.messages;
            }
            if (!Double.isNaN(p.latencyP99Ms)) {
                p99 = Double.isNaN(p99) ? p.latencyP99Ms : Math.max(p99, p.latencyP99Ms);
            }
            warmup |= p.warmup;
        }
        return new HostInterval(t, bytes, messages, latencyCount == 0 ? Double.NaN : latencySum / latencyCount, p99,
                warmup);
    }

    /** An interval a host did not report (it ended or was lost before it): nothing moved. */
    static HostInterval empty(double tSeconds) {
        return new HostInterval(tSeconds, 0, 0, Double.NaN, Double.NaN, false);
    }

    /** The fields of an AGENT interval frame, and of a merged interval in a result. */
    void putTo(ObjectNode n) {
        n.put("t_s", tSeconds);
        n.put("bytes", bytes);
        if (messages > 0) {
            n.put("messages", messages);
        }
        if (!Double.isNaN(latencyAvgMs)) {
            n.put("latency_avg_ms", latencyAvgMs);
            n.put("latency_p99_ms", latencyP99Ms);
        }
        if (warmup) {
            n.put("warmup", true);
        }
    }

    static HostInterval fromJson(ObjectNode n) {
        return new HostInterval(Json.requireDouble(n, "t_s", 0, 1e7), Json.requireLong(n, "bytes", 0, Long.MAX_VALUE),
                n.has("messages") ? Json.requireLong(n, "messages", 0, Long.MAX_VALUE) : 0,
                n.has("latency_avg_ms") ? Json.requireDouble(n, "latency_avg_ms", 0, 1e9) : Double.NaN,
                n.has("latency_p99_ms") ? Json.requireDouble(n, "latency_p99_ms", 0, 1e9) : Double.NaN,
                n.path("warmup").asBoolean(false));
    }
}
