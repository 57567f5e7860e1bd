package dev.probe.core.result;

import dev.probe.core.protocol.Json;
import dev.probe.core.units.CpuUsage;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The measured part of a test (warm-up excluded). {@code throughputMibS} is the receiver's goodput, as iperf3
 * reports it: bytes the server counted after the warm-up mark, over the server's measured window. When the
 * server's counts never came back (it died, the connection was lost) {@code bytesReceived} is -1 and the goodput
 * NaN; both are null in JSON.
 */
public record Summary(double durationS, long bytesSent, long bytesReceived, double throughputMibS,
                      double senderThroughputMibS, long messages, double messagesPerS, LatencyStats latency,
                      LatencyStats disk, TcpStats tcp, boolean openLoop, int sndbufGranted, int serverRcvbufGranted,
                      CpuUsage cpu, CpuUsage serverCpu, int sndbufAtEnd, int interfaceMtu) {
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("duration_s", durationS);
        n.put("bytes_sent", bytesSent);
        if (bytesReceived < 0) {
            n.putNull("bytes_received");
            n.putNull("throughput_mib_s");
        } else {
            n.put("bytes_received", bytesReceived);
            n.put("throughput_mib_s", throughputMibS);
        }
        n.put("sender_throughput_mib_s", senderThroughputMibS);
        n.put("messages", messages);
        n.put("messages_per_s", messagesPerS);
        Measures.put(n, latency, disk, tcp);
        n.put("open_loop", openLoop);
        n.put("sndbuf_granted", sndbufGranted);
        n.put("sndbuf_at_end", sndbufAtEnd);
        if (interfaceMtu > 0) {
            n.put("interface_mtu", interfaceMtu);
        }
        n.put("server_rcvbuf_granted", serverRcvbufGranted);
        Measures.putCpu(n, cpu, serverCpu, bytesReceived < 0 ? bytesSent : bytesReceived);
        return n;
    }
}
