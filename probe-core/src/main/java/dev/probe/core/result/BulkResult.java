package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.BulkParams;
import dev.probe.core.tls.Tls;
import java.time.Instant;
import java.util.List;

/**
 * A finished bulk run: the {@code probe.result/1} document of kind {@code bulk}. {@code incomplete} says why the run
 * ended before its volume or time, or without the server's counts (null when complete).
 */
public record BulkResult(Instant startedAt, String host, int port, BulkParams params, String transport, String server,
        String storage, Tls.Session tls, BulkSummary summary, List<ChannelStats> channels,
        List<BulkProgress> intervals, String incomplete) {
    public ObjectNode toJson() {
        ObjectNode p = params.toJson();
        p.put("db_size", summary.dbSize());
        ResultEnvelope.putPeer(p, host, port, transport, server);
        p.put("storage", storage);
        ResultEnvelope.putTls(p, tls);
        return ResultEnvelope.incomplete(ResultEnvelope.of("bulk", startedAt, p, summary.toJson(), channels, intervals),
                incomplete);
    }
}
