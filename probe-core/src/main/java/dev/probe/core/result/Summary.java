package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.units.CpuUsage;
import dev.probe.core.units.Rates;
import java.util.List;

/**
 * The measured part of a test (warm-up excluded). {@code throughputMibS} is the receiver's goodput, as iperf3
 * reports it: bytes the server counted after the warm-up mark, over the server's measured window. When the
 * server's counts never came back (it died, the connection was lost) {@code bytesReceived} is -1 and the goodput
 * NaN; both are null in JSON.
 */
public record Summary(double durationS, long bytesSent, long bytesReceived, double throughputMibS,
        double senderThroughputMibS, long messages, double messagesPerS, LatencyStats latency,
        LatencyStats disk, TcpStats tcp, boolean openLoop, int sndbufGranted, int serverRcvbufGranted,
        CpuUsage cpu, CpuUsage serverCpu, int sndbufAtEnd, int interfaceMtu,
        List<ConnectionPath> connections) {
    /**
     * What moved after warm-up: bytes {@code sent} in the sender's {@code senderNanos}, bytes {@code received} (-1:
     * the server's counts never came back) in the receiver's {@code receiverNanos}, and the messages.
     */
    public record Flow(long sent, long senderNanos, long received, long receiverNanos, long messages) {
    }

    /** The socket buffers: send granted at the start and at the end (autotuned), the server's receive, the MTU. */
    public record Buffers(int sndbufGranted, int sndbufAtEnd, int serverRcvbufGranted, int interfaceMtu) {
    }

    /** The summary of {@code flow}, its rates worked out here, with the latencies, TCP_INFO, buffers and CPU. */
    public static Summary of(Flow flow, LatencyStats latency, LatencyStats disk, TcpStats tcp, boolean openLoop,
                             Buffers buffers, CpuUsage cpu, CpuUsage serverCpu) {
        double senderSeconds = flow.senderNanos() / 1e9;
        return new Summary(senderSeconds, flow.sent(), flow.received(),
                flow.received() < 0 ? Double.NaN : Rates.mibPerSecond(flow.received(), flow.receiverNanos()),
                Rates.mibPerSecond(flow.sent(), flow.senderNanos()), flow.messages(),
                flow.senderNanos() <= 0 ? 0 : flow.messages() / senderSeconds, latency, disk, tcp, openLoop,
                buffers.sndbufGranted(), buffers.serverRcvbufGranted(), cpu, serverCpu, buffers.sndbufAtEnd(),
                buffers.interfaceMtu(), List.of());
    }

    /** This summary with each sending connection's view of its path (a run of several connections). */
    public Summary withConnections(List<ConnectionPath> paths) {
        return new Summary(durationS, bytesSent, bytesReceived, throughputMibS, senderThroughputMibS, messages,
                messagesPerS, latency, disk, tcp, openLoop, sndbufGranted, serverRcvbufGranted, cpu, serverCpu,
                sndbufAtEnd, interfaceMtu, List.copyOf(paths));
    }

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
        if (!connections.isEmpty()) {
            n.set("connections", ConnectionPath.toJson(connections));
        }
        Measures.putCpu(n, cpu, serverCpu, bytesReceived < 0 ? bytesSent : bytesReceived);
        return n;
    }
}
