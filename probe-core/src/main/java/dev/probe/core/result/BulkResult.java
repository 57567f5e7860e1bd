package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.BulkParams;
import dev.probe.core.protocol.Json;
import dev.probe.core.tls.Tls;
import java.time.Instant;
import java.util.List;

/** A finished bulk run: the {@code probe.result/1} document of kind {@code bulk}. */
public record BulkResult(Instant startedAt, String host, int port, BulkParams params, String transport, String server,
                         String storage, Tls.Session tls, BulkSummary summary, List<ChannelStats> channels,
                         List<BulkProgress> intervals) {
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("schema", TestResult.SCHEMA);
        n.put("kind", "bulk");
        n.put("started_at", startedAt.toString());
        ObjectNode p = params.toJson();
        p.put("db_size", summary.dbSize());
        p.put("host", host);
        p.put("port", port);
        p.put("transport", transport);
        p.put("server", server);
        p.put("storage", storage);
        TestResult.putTls(p, tls);
        n.set("params", p);
        n.set("summary", summary.toJson());
        ArrayNode ch = n.putArray("channels");
        channels.forEach(c -> ch.add(c.toJson()));
        ArrayNode iv = n.putArray("intervals");
        intervals.forEach(i -> iv.add(i.toJson()));
        return n;
    }
}
