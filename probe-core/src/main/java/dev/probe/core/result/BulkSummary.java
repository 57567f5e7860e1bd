package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;

/**
 * A bulk run's outcome: receiver-counted bytes over the run's wall time (start to the last channel's RESULT),
 * pieces completed, whether every chunk was verified, the channels' spread, the sending side's TCP figures, and
 * the time the same link would take for {@code dbSize} bytes (the paper's tables give minutes for 1.06 TB).
 */
public record BulkSummary(double durationS, long bytes, double throughputGbps, double throughputMibS, long pieces,
                          boolean verified, long dbSize, double projectedMinutes, double channelMinGbps,
                          double channelMedianGbps, double channelMaxGbps, TcpStats tcp, String tcpSide) {
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("duration_s", durationS);
        n.put("bytes", bytes);
        n.put("throughput_gbps", throughputGbps);
        n.put("throughput_mib_s", throughputMibS);
        n.put("pieces", pieces);
        n.put("verified", verified);
        n.put("db_size", dbSize);
        n.put("projected_minutes", projectedMinutes);
        ObjectNode spread = n.putObject("channel_gbps");
        spread.put("min", channelMinGbps);
        spread.put("median", channelMedianGbps);
        spread.put("max", channelMaxGbps);
        if (tcp != null) {
            ObjectNode t = tcp.toJson();
            t.put("side", tcpSide);
            n.set("tcp", t);
        }
        return n;
    }
}
