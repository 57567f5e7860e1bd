package dev.probe.core.agent;

import dev.probe.core.protocol.Json;
import dev.probe.core.result.BulkSummary;
import dev.probe.core.result.JsonDocument;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One host's share of a fan-out run, as its agent reports it (small enough for one control frame whatever the
 * channel count): bytes, time, throughput, channels, TCP RTT and retransmits, the agent's CPU.
 */
public record HostSummary(long bytes, double durationS, double throughputGbps, int channels, long pieces,
                          boolean verified, double tcpRttMs, long retransmits, long segmentsSent, double cpuCores)
        implements JsonDocument {
    static HostSummary of(BulkSummary s) {
        return new HostSummary(s.bytes(), s.durationS(), s.throughputGbps(), s.channels(), s.pieces(), s.verified(),
                s.tcp() == null ? Double.NaN : s.tcp().rttMs(), s.tcp() == null ? -1 : s.tcp().retransmits(),
                s.tcp() == null ? -1 : s.tcp().segmentsSent(), s.cpu() == null ? Double.NaN : s.cpu().percentOfCore() / 100);
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("bytes", bytes);
        n.put("duration_s", durationS);
        n.put("throughput_gbps", throughputGbps);
        n.put("channels", channels);
        n.put("pieces", pieces);
        n.put("verified", verified);
        if (!Double.isNaN(tcpRttMs)) {
            n.put("tcp_rtt_ms", tcpRttMs);
            n.put("retransmits", retransmits);
            n.put("segments_sent", segmentsSent);
        }
        if (!Double.isNaN(cpuCores)) {
            n.put("cpu_cores", cpuCores);
        }
        return n;
    }

    public static HostSummary fromJson(ObjectNode n) {
        return new HostSummary(Json.requireLong(n, "bytes", 0, Long.MAX_VALUE),
                Json.requireDouble(n, "duration_s", 0, 1e7), Json.requireDouble(n, "throughput_gbps", 0, 1e6),
                Json.requireInt(n, "channels", 0, 1 << 16), Json.requireLong(n, "pieces", 0, Long.MAX_VALUE),
                Json.requireBoolean(n, "verified"),
                n.has("tcp_rtt_ms") ? Json.requireDouble(n, "tcp_rtt_ms", 0, 1e7) : Double.NaN,
                n.has("retransmits") ? Json.requireLong(n, "retransmits", 0, Long.MAX_VALUE) : -1,
                n.has("segments_sent") ? Json.requireLong(n, "segments_sent", 0, Long.MAX_VALUE) : -1,
                n.has("cpu_cores") ? Json.requireDouble(n, "cpu_cores", 0, 1e5) : Double.NaN);
    }
}
