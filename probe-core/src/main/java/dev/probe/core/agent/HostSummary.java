package dev.probe.core.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.BulkSummary;
import dev.probe.core.result.JsonDocument;
import dev.probe.core.result.Summary;
import dev.probe.core.units.Rates;
import dev.probe.core.units.Sizes;
import java.util.List;

/**
 * One host's share of a fan-out run, as its agent reports it (small enough for one control frame whatever the
 * channel count): bytes, time, throughput, channels (a redo test's connections), pieces, TCP RTT and
 * retransmits, the agent's CPU, and for redo tests the messages with their mean and p99 round trip (NaN when not
 * measured).
 */
public record HostSummary(long bytes, double durationS, double throughputGbps, int channels, long pieces,
        boolean verified, double tcpRttMs, long retransmits, long segmentsSent, double cpuCores,
        long messages, double latencyAvgMs, double latencyP99Ms) implements JsonDocument {
    static HostSummary of(BulkSummary s) {
        return new HostSummary(s.bytes(), s.durationS(), s.throughputGbps(), s.channels(), s.pieces(), s.verified(),
                s.tcp() == null ? Double.NaN : s.tcp().rttMs(), s.tcp() == null ? -1 : s.tcp().retransmits(),
                s.tcp() == null ? -1 : s.tcp().segmentsSent(), s.cpu() == null ? Double.NaN : s.cpu()
                        .percentOfCore() / 100,
                0, Double.NaN, Double.NaN);
    }

    /** A redo test's summary over {@code connections}: the receiver's goodput, as the single-host run reports. */
    static HostSummary of(Summary s, int connections) {
        return new HostSummary(s.bytesReceived(), s.durationS(), s.throughputMibS() * Sizes.MIB * 8 / 1e9,
                connections, 0, false, s.tcp() == null ? Double.NaN : s.tcp().rttMs(),
                s.tcp() == null ? -1 : s.tcp().retransmits(), s.tcp() == null ? -1 : s.tcp().segmentsSent(),
                s.cpu() == null ? Double.NaN : s.cpu().percentOfCore() / 100, s.messages(),
                s.latency() == null ? Double.NaN : s.latency().avg(), s.latency() == null ? Double.NaN : s.latency()
                        .p99());
    }

    /**
     * Several hosts' or legs' summaries as one: sums, the longest time, the bytes over it, RTT weighted by bytes
     * (over those with TCP figures), latency weighted by messages and the largest p99 (as {@link HostInterval#merge}),
     * and the most CPU any part saw (an agent's legs share its process). Used for an agent's legs and for the
     * fan-out's totals.
     */
    static HostSummary combine(List<HostSummary> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        long bytes = parts.stream().mapToLong(HostSummary::bytes).sum();
        double duration = parts.stream().mapToDouble(HostSummary::durationS).max().orElse(0);
        List<HostSummary> tcp = parts.stream().filter(l -> !Double.isNaN(l.tcpRttMs) && l.segmentsSent > 0).toList();
        long tcpBytes = tcp.stream().mapToLong(HostSummary::bytes).sum();
        HostInterval messages = HostInterval.merge(parts.stream()
                .map(l -> new HostInterval(0, l.bytes, l.messages, l.latencyAvgMs, l.latencyP99Ms, false)).toList());
        return new HostSummary(bytes, duration, Rates.gbps(bytes, (long) (duration * 1e9)),
                parts.stream().mapToInt(HostSummary::channels).sum(), parts.stream().mapToLong(HostSummary::pieces)
                        .sum(),
                parts.stream().allMatch(HostSummary::verified),
                tcp.isEmpty() || tcpBytes == 0 ? Double.NaN
                        : tcp.stream().mapToDouble(l -> l.tcpRttMs * l.bytes).sum() / tcpBytes,
                tcp.isEmpty() ? -1 : tcp.stream().mapToLong(HostSummary::retransmits).sum(),
                tcp.isEmpty() ? -1 : tcp.stream().mapToLong(HostSummary::segmentsSent).sum(),
                parts.stream().mapToDouble(HostSummary::cpuCores).filter(c -> !Double.isNaN(c)).max().orElse(
                        Double.NaN),
                messages.messages(), messages.latencyAvgMs(), messages.latencyP99Ms());
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("bytes", bytes);
        n.put("duration_s", durationS);
        n.put("throughput_gbps", throughputGbps);
        n.put("channels", channels);
        if (messages == 0) {
            // a bulk run's (a test has messages, no pieces)
            n.put("pieces", pieces);
            n.put("verified", verified);
        }
        if (!Double.isNaN(tcpRttMs)) {
            n.put("tcp_rtt_ms", tcpRttMs);
            n.put("retransmits", retransmits);
            n.put("segments_sent", segmentsSent);
        }
        if (!Double.isNaN(cpuCores)) {
            n.put("cpu_cores", cpuCores);
        }
        if (messages > 0) {
            n.put("messages", messages);
        }
        if (!Double.isNaN(latencyAvgMs)) {
            n.put("latency_avg_ms", latencyAvgMs);
            n.put("latency_p99_ms", latencyP99Ms);
        }
        return n;
    }

    public static HostSummary fromJson(ObjectNode n) {
        return new HostSummary(Json.requireLong(n, "bytes", 0, Long.MAX_VALUE),
                Json.requireDouble(n, "duration_s", 0, 1e7), Json.requireDouble(n, "throughput_gbps", 0, 1e6),
                Json.requireInt(n, "channels", 0, 1 << 16),
                n.has("pieces") ? Json.requireLong(n, "pieces", 0, Long.MAX_VALUE) : 0,
                n.has("verified") && Json.requireBoolean(n, "verified"), optional(n, "tcp_rtt_ms", 1e7),
                n.has("retransmits") ? Json.requireLong(n, "retransmits", 0, Long.MAX_VALUE) : -1,
                n.has("segments_sent") ? Json.requireLong(n, "segments_sent", 0, Long.MAX_VALUE) : -1,
                optional(n, "cpu_cores", 1e5),
                n.has("messages") ? Json.requireLong(n, "messages", 0, Long.MAX_VALUE) : 0,
                optional(n, "latency_avg_ms", 1e9), optional(n, "latency_p99_ms", 1e9));
    }

    private static double optional(ObjectNode n, String field, double max) {
        return n.has(field) ? Json.requireDouble(n, field, 0, max) : Double.NaN;
    }
}
