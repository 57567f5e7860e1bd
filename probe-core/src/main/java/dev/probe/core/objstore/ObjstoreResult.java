package dev.probe.core.objstore;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.BulkSummary;
import dev.probe.core.result.ChannelStats;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.TestResult;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A finished object-storage run: kind {@code objstore} of {@code probe.result/1}, with the bulk summary fields plus
 * request latencies per operation, GET time to first byte, retries and errors.
 */
public record ObjstoreResult(Instant startedAt, ObjstoreConfig config, BulkSummary summary, List<ChannelStats> channels,
                             Map<String, LatencyStats> operations, long retries, long errors,
                             List<BulkProgress> intervals) {
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("schema", TestResult.SCHEMA);
        n.put("kind", "objstore");
        n.put("started_at", startedAt.toString());
        ObjstoreParams p = config.params();
        ObjectNode params = p.bulk().toJson();
        params.put("part_size", p.partSize());
        params.put("prefix", p.prefix());
        params.put("keep", p.keep());
        params.put("endpoint", config.endpoint());
        params.put("namespace", config.namespace());
        params.put("bucket", config.bucket());
        params.put("db_size", summary.dbSize());
        n.set("params", params);
        ObjectNode s = summary.toJson();
        ObjectNode ops = s.putObject("operations_ms");
        operations.forEach((name, stats) -> ops.set(name, stats.toJson()));
        s.put("retries", retries);
        s.put("errors", errors);
        n.set("summary", s);
        ArrayNode ch = n.putArray("channels");
        channels.forEach(c -> ch.add(c.toJson()));
        ArrayNode iv = n.putArray("intervals");
        intervals.forEach(i -> iv.add(i.toJson()));
        return n;
    }
}
