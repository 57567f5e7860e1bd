package dev.probe.core.nfs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.disk.DiskResult;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A remote NFS check's outcome on the wire (the body of its {@code done} frame): FSINFO, the idle round trip, the far
 * host's receive buffer limit, each column's reissued I/Os, path events and CPU per point, and why it ended early;
 * read back on the client field by field, every length and count bounded, beside the points it streamed.
 */
final class NfsWire {
    private static final Pattern TEXT = Pattern.compile("[^\\x00-\\x1f]{1,600}");
    private static final int MAX_EVENTS = 16;
    private static final int MAX_POINTS = 512;
    /**
     * A DISK frame is at most 8 KiB: the figures keep under this, the CPU figures left out when they would not, then
     * the round trips.
     */
    private static final int BUDGET = 7 * 1024;
    private static final int EVENT_CHARS = 160;

    private NfsWire() {
    }

    static ObjectNode figures(NfsResult r) {
        ObjectNode n = Json.object();
        ObjectNode fs = n.putObject("fsinfo");
        fs.put("rtmax", r.info().rtmax());
        fs.put("rtpref", r.info().rtpref());
        fs.put("wtmax", r.info().wtmax());
        fs.put("wtpref", r.info().wtpref());
        n.put("idle_rtt_ms", r.rttMs());
        n.put("tcp_rmem_max", r.rmemMax());
        ArrayNode cols = n.putArray("columns");
        int events = 0;
        for (NfsResult.Column c : r.columns()) {
            ObjectNode o = cols.addObject();
            o.put("connections", c.connections());
            o.put("reissued", c.reissued());
            ArrayNode e = o.putArray("events");
            for (String event : c.events()) {
                if (events++ < MAX_EVENTS / 2) {
                    e.add(event.length() > EVENT_CHARS ? event.substring(0, EVENT_CHARS - 3) + "..." : event);
                }
            }
            ArrayNode cpu = o.putArray("cpu_s");
            c.cpuSeconds().forEach(x -> cpu.add(Double.isFinite(x) ? Math.round(x * 1000) / 1000.0 : -1));
            ArrayNode srtt = o.putArray("srtt_ms");
            c.srttMs().forEach(x -> srtt.add(Double.isFinite(x) ? Math.round(x * 1000) / 1000.0 : -1));
        }
        if (r.incomplete() != null) {
            n.put("incomplete", r.incomplete().length() > EVENT_CHARS * 3 ? r.incomplete().substring(0, EVENT_CHARS * 3)
                    : r.incomplete());
        }
        for (String figures : List.of("cpu_s", "srtt_ms")) {
            if (Json.bytes(n).length > BUDGET) {
                cols.forEach(o -> ((ObjectNode) o).putArray(figures));
            }
        }
        return n;
    }

    /** The client's result: {@code points} (by connection count, as streamed) and the {@code done} body. */
    static NfsResult result(Instant startedAt, NfsParams params, Map<Integer, List<LoadPoint>> points,
                            ObjectNode done) {
        ObjectNode fs = Json.requireObject(done, "fsinfo");
        long max = 1L << 32;
        Nfs3.FsInfo info = new Nfs3.FsInfo(Json.requireLong(fs, "rtmax", 0, max), Json.requireLong(fs, "rtpref", 0,
                max),
                Json.requireLong(fs, "wtmax", 0, max), Json.requireLong(fs, "wtpref", 0, max), 0, 0);
        JsonNode cols = done.get("columns");
        if (cols == null || !cols.isArray() || cols.size() > NfsParams.MAX_CONNECTIONS) {
            throw new BadParameterException("columns", "is not a list of columns");
        }
        List<NfsResult.Column> columns = new ArrayList<>();
        for (JsonNode c : cols) {
            if (!(c instanceof ObjectNode o)) {
                throw new BadParameterException("columns", "holds a non-object");
            }
            int n = Json.requireInt(o, "connections", 1, NfsParams.MAX_CONNECTIONS);
            List<LoadPoint> pts = points.getOrDefault(n, List.of());
            DiskResult d = new DiskResult(startedAt, params.target().uri(), NfsCheck.fileSystem(n), 512, params.disk(),
                    pts);
            columns.add(new NfsResult.Column(n, d, Json.requireLong(o, "reissued", 0, Long.MAX_VALUE),
                    texts(o.get("events")), figures(o.get("cpu_s"), "cpu_s"),
                    o.has("srtt_ms") ? figures(o.get("srtt_ms"), "srtt_ms") : List.of()));
        }
        String incomplete = done.has("incomplete") ? Json.requireString(done, "incomplete", TEXT) : null;
        return new NfsResult(startedAt, params, info, Json.requireDouble(done, "idle_rtt_ms", 0, 1e6),
                Json.requireLong(done, "tcp_rmem_max", -1, Long.MAX_VALUE), columns, incomplete);
    }

    private static List<String> texts(JsonNode a) {
        List<String> out = new ArrayList<>();
        if (a != null && (!a.isArray() || a.size() > MAX_EVENTS)) {
            throw new BadParameterException("events", "is not a list of at most " + MAX_EVENTS);
        }
        if (a != null) {
            for (JsonNode e : a) {
                if (!e.isTextual() || !TEXT.matcher(e.asText()).matches()) {
                    throw new BadParameterException("events", "holds something other than a line of text");
                }
                out.add(e.asText());
            }
        }
        return out;
    }

    /** One figure per point; a negative one (or a non-number) is unknown, NaN. */
    private static List<Double> figures(JsonNode a, String name) {
        List<Double> out = new ArrayList<>();
        if (a == null || !a.isArray() || a.size() > MAX_POINTS) {
            throw new BadParameterException(name, "is not a list of at most " + MAX_POINTS);
        }
        a.forEach(x -> out.add(x.isNumber() && x.asDouble() >= 0 ? x.asDouble() : Double.NaN));
        return out;
    }

    /** Groups streamed points by the connection count each carries. */
    static void add(Map<Integer, List<LoadPoint>> byCount, ObjectNode body) {
        int n = Json.requireInt(body, "connections", 1, NfsParams.MAX_CONNECTIONS);
        List<LoadPoint> list = byCount.computeIfAbsent(n, k -> new ArrayList<>());
        if (byCount.values().stream().mapToInt(List::size).sum() >= MAX_POINTS) {
            throw new BadParameterException("point", "more than " + MAX_POINTS + " points");
        }
        list.add(LoadPoint.fromJson(body));
    }

    static Map<Integer, List<LoadPoint>> points() {
        return new TreeMap<>();
    }
}
