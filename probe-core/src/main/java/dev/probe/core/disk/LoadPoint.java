package dev.probe.core.disk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.JsonDocument;
import dev.probe.core.result.LatencyStats;
import java.util.regex.Pattern;

/**
 * One measured point: a workload ({@code oltp}, {@code seq-read}, {@code rand-write}, {@code redo-32k}, ...) at
 * {@code outstanding} concurrent I/Os of {@code ioSize} bytes for {@code seconds}: reads and writes completed,
 * IOPS, MB/s (10^6 bytes, as ORION and fio print) and the latency of reads and writes apart (null when none);
 * {@code direct} false when the point ran through the page cache (--buffered, or an I/O smaller than a block).
 */
public record LoadPoint(String workload, int ioSize, int outstanding, double seconds, long reads, long writes,
        LatencyStats readLatency, LatencyStats writeLatency, boolean direct) implements JsonDocument {

    private static final Pattern WORKLOAD = Pattern.compile("[a-z0-9-]{1,32}");

    public double iops() {
        return seconds <= 0 ? 0 : (reads + writes) / seconds;
    }

    public double mbps() {
        return seconds <= 0 ? 0 : (reads + writes) * (double) ioSize / 1e6 / seconds;
    }

    /** Reads {@link #toJson()}'s form back (a remote check's points), each field checked. */
    public static LoadPoint fromJson(ObjectNode n) {
        return new LoadPoint(Json.requireString(n, "workload", WORKLOAD), Json.requireInt(n, "io_size", 1, 1 << 30),
                Json.requireInt(n, "outstanding", 1, DiskParams.MAX_OUTSTANDING), Json.requireDouble(n, "seconds", 0,
                        1e6),
                Json.requireLong(n, "reads", 0, Long.MAX_VALUE), Json.requireLong(n, "writes", 0, Long.MAX_VALUE),
                latency(n, "read_latency_ms"), latency(n, "write_latency_ms"), Json.requireBoolean(n, "direct"));
    }

    private static LatencyStats latency(ObjectNode n, String field) {
        return n.has(field) ? LatencyStats.fromJson(Json.requireObject(n, field)) : null;
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("workload", workload);
        n.put("io_size", ioSize);
        n.put("outstanding", outstanding);
        n.put("seconds", seconds);
        n.put("reads", reads);
        n.put("writes", writes);
        n.put("iops", iops());
        n.put("mbps", mbps());
        n.put("direct", direct);
        if (readLatency != null) {
            n.set("read_latency_ms", readLatency.toJson());
        }
        if (writeLatency != null) {
            n.set("write_latency_ms", writeLatency.toJson());
        }
        return n;
    }
}
