package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.ObjstoreParams;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A finished object-storage run: kind {@code objstore} of {@code probe.result/1}, with the bulk summary fields plus
 * request latencies per operation, GET time to first byte, retries and errors. {@code incomplete} says why the run
 * ended before its volume or time (null when complete).
 */
public record ObjstoreResult(Instant startedAt, ObjstoreParams params, String endpoint, String namespace, String bucket,
        BulkSummary summary, List<ChannelStats> channels,
        Map<String, LatencyStats> operations, long retries, long errors,
        List<BulkProgress> intervals, String incomplete) {
    public ObjectNode toJson() {
        ObjectNode p = params.bulk().toJson();
        p.put("part_size", params.partSize());
        p.put("prefix", params.prefix());
        p.put("keep", params.keep());
        p.put("endpoint", endpoint);
        p.put("namespace", namespace);
        p.put("bucket", bucket);
        p.put("db_size", summary.dbSize());
        ObjectNode s = summary.toJson();
        ObjectNode ops = s.putObject("operations_ms");
        operations.forEach((name, stats) -> ops.set(name, stats.toJson()));
        s.put("retries", retries);
        s.put("errors", errors);
        return ResultEnvelope.incomplete(ResultEnvelope.of("objstore", startedAt, p, s, channels, intervals),
                incomplete);
    }
}
