package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;

/**
 * One statistics interval as the client saw it: bytes and messages completed (ACKed in sync mode, written
 * in async mode), latency and disk-write percentiles of the messages ACKed in it, TCP figures.
 *
 * @param tSeconds end of the interval, seconds since the test started
 * @param warmup   the interval lies (mostly) in the warm-up and is left out of the summary
 */
public record IntervalSample(double tSeconds, double lengthSeconds, long bytes, long messages, double throughputMibS,
        LatencyStats latency, LatencyStats disk, TcpStats tcp, boolean warmup) implements JsonDocument {
    @Override
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("t_s", tSeconds);
        n.put("length_s", lengthSeconds);
        n.put("bytes", bytes);
        n.put("messages", messages);
        n.put("throughput_mib_s", throughputMibS);
        Measures.put(n, latency, disk, tcp);
        n.put("warmup", warmup);
        return n;
    }
}
