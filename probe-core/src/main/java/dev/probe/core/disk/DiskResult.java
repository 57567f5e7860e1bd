package dev.probe.core.disk;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.ResultEnvelope;
import java.time.Instant;
import java.util.List;

/**
 * A finished disk check: where (directory, file system type, block size), with what, and every point measured;
 * the answers ORION gives: redo latency per write size, the highest oltp IOPS within the latency bound, the peak
 * dss MB/s. Written as kind {@code disk} of {@code probe.result/1} (points as its intervals).
 */
public record DiskResult(Instant startedAt, String dir, String fileSystem, int blockSize, DiskParams params,
        List<LoadPoint> points) {
    public List<LoadPoint> of(String workload) {
        return points.stream().filter(p -> p.workload().equals(workload)).toList();
    }

    /** The highest oltp IOPS with mean read and write latency within the bound, or null. */
    public LoadPoint oltpAnswer() {
        return boundedAnswer("oltp");
    }

    /** The highest IOPS of {@code workload}'s ladder (oltp, slob) within the latency bound, or null. */
    public LoadPoint boundedAnswer(String workload) {
        return Ladder.bestWithin(of(workload), params.maxLatency().toNanos() / 1e6);
    }

    /** The dss point with the most MB/s over the four 1 MiB workloads, or null. */
    public LoadPoint dssAnswer() {
        return Ladder.peak(points.stream().filter(p -> p.ioSize() == 1 << 20 && !p.workload().equals("redo")).toList());
    }

    /** True when any point ran through the page cache. */
    public boolean anyBuffered() {
        return points.stream().anyMatch(p -> !p.direct());
    }

    public ObjectNode toJson() {
        ObjectNode p = params.toJson();
        p.put("dir", dir);
        p.put("file_system", fileSystem);
        p.put("block_size", blockSize);
        ObjectNode summary = Json.object();
        summary.put("buffered", anyBuffered());
        if (!of("redo").isEmpty()) {
            ArrayNode redo = summary.putArray("redo");
            for (LoadPoint r : of("redo")) {
                ObjectNode n = redo.addObject();
                n.put("size", r.ioSize());
                n.put("direct", r.direct());
                n.put("mbps", r.mbps());
                n.put("writes_per_s", r.iops());
                if (r.writeLatency() != null) {
                    n.set("latency_ms", r.writeLatency().toJson());
                }
            }
        }
        bounded(summary, "oltp", params.readPct());
        bounded(summary, "slob", Workload.SLOB_READ_PCT);
        LoadPoint dss = dssAnswer();
        if (dss != null) {
            ObjectNode d = summary.putObject("dss");
            d.put("peak_mbps", dss.mbps());
            d.put("workload", dss.workload());
            d.put("outstanding", dss.outstanding());
        }
        return ResultEnvelope.of("disk", startedAt, p, summary, null, points);
    }

    private void bounded(ObjectNode summary, String workload, int readPct) {
        if (of(workload).isEmpty()) {
            return;
        }
        ObjectNode n = summary.putObject(workload);
        n.put("max_latency_ms", params.maxLatency().toNanos() / 1e6);
        n.put("read_pct", readPct);
        LoadPoint best = boundedAnswer(workload);
        if (best == null) {
            n.putNull("iops");
        } else {
            n.put("iops", best.iops());
            n.put("outstanding", best.outstanding());
        }
    }
}
