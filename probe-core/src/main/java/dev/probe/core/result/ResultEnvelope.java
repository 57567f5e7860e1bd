package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.tls.Tls;
import java.time.Instant;
import java.util.List;

/**
 * The shape every {@code probe.result/1} document shares, written in one place: schema, kind, start time,
 * params, summary, the channels' figures (runs with channels), then the intervals. Result records supply the parts.
 */
public final class ResultEnvelope {
    private ResultEnvelope() {
    }

    /** The document; {@code channels} is null for runs without per-channel figures. */
    public static ObjectNode of(String kind, Instant startedAt, ObjectNode params, ObjectNode summary,
                                List<? extends JsonDocument> channels, List<? extends JsonDocument> intervals) {
        ObjectNode n = head(kind, startedAt, params);
        n.set("summary", summary);
        if (channels != null) {
            ArrayNode ch = n.putArray("channels");
            channels.forEach(c -> ch.add(c.toJson()));
        }
        ArrayNode iv = n.putArray("intervals");
        intervals.forEach(i -> iv.add(i.toJson()));
        return n;
    }

    /**
     * Marks {@code doc} incomplete, {@code "incomplete": {"reason": ...}}, when {@code reason} is not null (a run
     * stopped early, or whose peer was lost: its figures cover what was measured); returns {@code doc}.
     */
    public static ObjectNode incomplete(ObjectNode doc, String reason) {
        if (reason != null) {
            doc.putObject("incomplete").put("reason", reason);
        }
        return doc;
    }

    /** The fields every document starts with: schema, kind, start time, params ({@link ResultStream} writes them too). */
    static ObjectNode head(String kind, Instant startedAt, ObjectNode params) {
        ObjectNode n = Json.object();
        n.put("schema", TestResult.SCHEMA);
        n.put("kind", kind);
        n.put("started_at", startedAt.toString());
        n.set("params", params);
        return n;
    }

    /** Where a client run went: the server's host, port and build, and the transport used. */
    static void putPeer(ObjectNode params, String host, int port, String transport, String server) {
        params.put("host", host);
        params.put("port", port);
        params.put("transport", transport);
        params.put("server", server);
    }

    /** {@code "tls": {"protocol","cipher","engine"}} when TLS was on, {@code "tls": false} otherwise. */
    static void putTls(ObjectNode params, Tls.Session tls) {
        if (tls == null) {
            params.put("tls", false);
        } else {
            params.putObject("tls").put("protocol", tls.protocol()).put("cipher", tls.cipher()).put("engine", tls
                    .engine());
        }
    }
}
