package dev.probe.core.result;

import dev.probe.core.protocol.Json;
import dev.probe.core.tcp.TcpInfo;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * TCP_INFO figures of the sending sockets for a window: smoothed RTT (largest over connections), retransmitted
 * segments in the window, retransmitted / sent segments, congestion window (summed), the algorithm, and the bytes
 * the peer has acknowledged since the connections opened (summed; what a transport lag is measured against).
 */
public record TcpStats(double rttMs, double minRttMs, long retransmits, long segmentsSent, double retransmitRatio,
                       long cwnd, long mss, String congestion, long bytesAcked) {

    /** Stats between two aggregated readings ({@code before} may be null for "since connect"). */
    public static TcpStats between(TcpInfo before, TcpInfo after, String congestion) {
        long retrans = after.totalRetrans() - (before == null ? 0 : before.totalRetrans());
        long segs = after.segsOut() - (before == null ? 0 : before.segsOut());
        double ratio = segs <= 0 ? Double.NaN : (double) retrans / segs;
        return new TcpStats(after.rttUs() / 1000.0, after.minRttUs() / 1000.0, retrans, segs, ratio,
                after.sndCwnd(), after.sndMss(), congestion, after.bytesAcked());
    }

    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("rtt_ms", rttMs);
        n.put("min_rtt_ms", minRttMs);
        n.put("retransmits", retransmits);
        n.put("segments_sent", segmentsSent);
        if (Double.isNaN(retransmitRatio)) {
            n.putNull("retransmit_ratio");
        } else {
            n.put("retransmit_ratio", retransmitRatio);
        }
        n.put("cwnd", cwnd);
        n.put("mss", mss);
        if (congestion != null) {
            n.put("congestion", congestion);
        }
        n.put("bytes_acked", bytesAcked);
        return n;
    }
}
