package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;

/** One bulk channel's share of the run. */
public record ChannelStats(int id, long bytes, long pieces, double throughputGbps) implements JsonDocument {
    @Override
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("id", id);
        n.put("bytes", bytes);
        n.put("pieces", pieces);
        n.put("throughput_gbps", throughputGbps);
        return n;
    }
}
