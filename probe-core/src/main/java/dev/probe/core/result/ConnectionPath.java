package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.tcp.TcpInfoReader;
import io.netty.channel.Channel;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * What one of a run's connections saw of its path, by the source port it left from: routers that spread flows over
 * equal-cost paths (ECMP) hash that port, so connections of one run may take paths of different length or one that
 * reorders. From the sending socket's TCP_INFO at the end of the run, over its whole life.
 *
 * @param localPort      the source port
 * @param minRttMs       its lowest RTT (the path's length)
 * @param rttMs          its smoothed RTT at the end
 * @param bytesAcked     bytes it delivered
 * @param retransmits    segments it retransmitted
 * @param reorderEvents  reorderings TCP detected on it
 */
public record ConnectionPath(int localPort, double minRttMs, double rttMs, long bytesAcked, long retransmits,
        long reorderEvents) {
    /** Each of {@code channels} that TCP_INFO can be read for (none on NIO, none for fewer than two). */
    public static List<ConnectionPath> read(List<? extends Channel> channels) {
        List<ConnectionPath> out = new ArrayList<>();
        if (channels.size() < 2) {
            return out;
        }
        for (Channel c : channels) {
            TcpInfo t = TcpInfoReader.read(c).orElse(null);
            if (t != null && c.localAddress() instanceof InetSocketAddress local) {
                out.add(new ConnectionPath(local.getPort(), t.minRttUs() / 1000.0, t.rttUs() / 1000.0, t.bytesAcked(),
                        t.totalRetrans(), t.reordSeen()));
            }
        }
        return out;
    }

    /** {@code [{local_port, min_rtt_ms, rtt_ms, bytes_acked, retransmits, reordering_events}]}. */
    public static ArrayNode toJson(List<ConnectionPath> paths) {
        ArrayNode a = Json.object().arrayNode();
        for (ConnectionPath p : paths) {
            ObjectNode n = a.addObject();
            n.put("local_port", p.localPort);
            n.put("min_rtt_ms", p.minRttMs);
            n.put("rtt_ms", p.rttMs);
            n.put("bytes_acked", p.bytesAcked);
            n.put("retransmits", p.retransmits);
            n.put("reordering_events", p.reorderEvents);
        }
        return a;
    }
}
