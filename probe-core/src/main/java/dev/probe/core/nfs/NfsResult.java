package dev.probe.core.nfs;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.disk.DiskResult;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.JsonDocument;
import dev.probe.core.result.ResultEnvelope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A finished NFS check: the server's FSINFO, the idle round trip, this host's receive buffer limit, one column of
 * disk-check points per user-space connection count (with the I/Os reissued and the paths lost), and, when a mount
 * was measured beside it, the kernel client's column and its mount. Written as kind {@code disk} of
 * {@code probe.result/1}, the table in {@code summary.nfs}, every point tagged with its client.
 *
 * @param rmemMax net.ipv4.tcp_rmem's maximum on this host, -1 when unknown
 * @param incomplete why the run ended before every column was measured, or null
 * @param kernel  the kernel client's check on {@code --dir}, or null
 * @param mount   that directory's mount, or null
 */
public record NfsResult(Instant startedAt, NfsParams params, Nfs3.FsInfo info, double rttMs, long rmemMax,
        List<Column> columns, String incomplete, DiskResult kernel, KernelMount mount) {
    /**
     * One user-space column.
     *
     * @param connections TCP connections, spread over the paths
     * @param result      its points, as a disk check's
     * @param reissued    I/Os issued again on a surviving path
     * @param events      paths taken out, when and why
     * @param cpuSeconds  the CPU probe's process spent in each point, in the order of the result's points
     * @param srttMs      TCP's smoothed round trip on the column's first connection at each point's end (the queues
     *                    and the hosts' delays the I/Os met), NaN where not read (NIO, not Linux), in the same order
     */
    public record Column(int connections, DiskResult result, long reissued, List<String> events,
            List<Double> cpuSeconds, List<Double> srttMs) {
        public Column {
            events = List.copyOf(events);
            cpuSeconds = List.copyOf(cpuSeconds);
            srttMs = List.copyOf(srttMs);
        }

        /** The smoothed round trip at point {@code p}'s end, NaN when not read. */
        public double srttAt(LoadPoint p) {
            int i = result.points().indexOf(p);
            return i >= 0 && i < srttMs.size() ? srttMs.get(i) : Double.NaN;
        }
    }

    public NfsResult {
        columns = List.copyOf(columns);
    }

    NfsResult(Instant startedAt, NfsParams params, Nfs3.FsInfo info, double rttMs, long rmemMax, List<Column> columns,
              String incomplete) {
        this(startedAt, params, info, rttMs, rmemMax, columns, incomplete, null, null);
    }

    /** This result with the kernel client's column measured on {@code kernel}'s directory, mounted as {@code mount}. */
    public NfsResult withKernel(DiskResult kernel, KernelMount mount) {
        return new NfsResult(startedAt, params, info, rttMs, rmemMax, columns, incomplete, kernel, mount);
    }

    /** True when the kernel client's column was measured on an NFS mount (else it is other storage, for reference). */
    public boolean kernelIsNfs() {
        return kernel != null && mount != null && mount.nfs();
    }

    /** Every check, the server's first. */
    public List<NfsChecks.Check> checks() {
        List<NfsChecks.Check> out = new ArrayList<>(NfsChecks.server(info));
        if (kernel != null) {
            out.addAll(NfsChecks.kernel(kernel.dir(), mount));
        }
        return out;
    }

    public ObjectNode toJson() {
        ObjectNode summary = Json.object();
        ObjectNode nfs = summary.putObject("nfs");
        nfs.put("server", params.target().server());
        nfs.put("export", params.target().export());
        ObjectNode fs = nfs.putObject("fsinfo");
        fs.put("rtmax", info.rtmax());
        fs.put("rtpref", info.rtpref());
        fs.put("wtmax", info.wtmax());
        fs.put("wtpref", info.wtpref());
        nfs.put("max_transfer", info.maxTransfer());
        nfs.put("idle_rtt_ms", rttMs);
        nfs.put("tcp_rmem_max", rmemMax);
        ArrayNode checks = nfs.putArray("checks");
        checks().forEach(c -> checks.addObject().put("status", c.status()).put("text", c.text()));
        List<NfsTable.Row> rows = NfsTable.rows(this);
        rowsJson(nfs.putArray("table"), rows);
        ArrayNode advice = nfs.putArray("advice");
        NfsTable.advice(rows, kernelIsNfs()).forEach(advice::add);
        String window = NfsTable.window(this);
        if (window != null) {
            nfs.put("window", window);
        }
        ArrayNode events = nfs.putArray("path_events");
        columns.forEach(c -> c.events().forEach(events::add));
        return ResultEnvelope.incomplete(ResultEnvelope.of("disk", startedAt, params.toJson(), summary, null, points()),
                incomplete);
    }

    private static void rowsJson(ArrayNode table, List<NfsTable.Row> rows) {
        for (NfsTable.Row r : rows) {
            ObjectNode n = table.addObject();
            n.put("client", r.client());
            n.put("connections", r.connections());
            putOrNull(n, "oltp_iops", r.oltpIops());
            putOrNull(n, "slob_iops", r.slobIops());
            putOrNull(n, "dss_peak_mbps", r.dssMbps());
            putOrNull(n, "seq_read_mbps", r.seqReadMbps());
            putOrNull(n, "redo_32k_p50_ms", r.redoP50Ms());
            if (r.reads() != null) {
                n.set("oltp_read_latency_ms", r.reads().toJson());
            }
            putOrNull(n, "gain", r.gain());
            if (r.gainOn() != null) {
                n.put("gain_on", r.gainOn());
            }
            n.put("reissued", r.reissued());
        }
    }

    private List<JsonDocument> points() {
        List<JsonDocument> out = new ArrayList<>();
        if (kernel != null) {
            kernel.points().forEach(p -> out.add(tagged(p, "kernel", 0)));
        }
        for (Column c : columns) {
            for (int i = 0; i < c.result().points().size(); i++) {
                LoadPoint p = c.result().points().get(i);
                double cpu = i < c.cpuSeconds().size() ? c.cpuSeconds().get(i) : Double.NaN;
                double srtt = c.srttAt(p);
                out.add(() -> {
                    ObjectNode n = tagged(p, "user space", c.connections()).toJson();
                    if (Double.isFinite(srtt)) {
                        n.put("srtt_ms", srtt);
                    }
                    if (Double.isFinite(cpu) && p.mbps() > 0) {
                        n.put("cpu_s", cpu);
                        n.put("cpu_s_per_gib", cpu / (p.mbps() * 1e6 * p.seconds() / (1L << 30)));
                    }
                    return n;
                });
            }
        }
        return out;
    }

    private static JsonDocument tagged(LoadPoint p, String client, int connections) {
        return () -> {
            ObjectNode n = p.toJson();
            n.put("client", client);
            n.put("connections", connections);
            return n;
        };
    }

    private static void putOrNull(ObjectNode n, String key, Double v) {
        if (v == null) {
            n.putNull(key);
        } else {
            n.put(key, v);
        }
    }
}
