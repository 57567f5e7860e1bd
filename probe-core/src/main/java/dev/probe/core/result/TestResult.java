package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Json;
import dev.probe.core.tls.Tls;
import java.time.Instant;
import java.util.List;

/** A finished sync or async test: the {@code probe.result/1} document (see README, "Result schema"). */
public record TestResult(String kind, Instant startedAt, String host, int port, TestParams params,
                         String transport, String server, Tls.Session tls, Summary summary,
                         List<IntervalSample> intervals) {
    public static final String SCHEMA = "probe.result/1";

    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("schema", SCHEMA);
        n.put("kind", kind);
        n.put("started_at", startedAt.toString());
        ObjectNode p = params.toJson();
        p.put("host", host);
        p.put("port", port);
        p.put("transport", transport);
        p.put("server", server);
        putTls(p, tls);
        n.set("params", p);
        n.set("summary", summary.toJson());
        ArrayNode arr = n.putArray("intervals");
        intervals.forEach(i -> arr.add(i.toJson()));
        return n;
    }

    /** {@code "tls": {"protocol","cipher"}} when TLS was on, {@code "tls": false} otherwise. */
    static void putTls(ObjectNode params, Tls.Session tls) {
        if (tls == null) {
            params.put("tls", false);
        } else {
            params.putObject("tls").put("protocol", tls.protocol()).put("cipher", tls.cipher());
        }
    }
}
