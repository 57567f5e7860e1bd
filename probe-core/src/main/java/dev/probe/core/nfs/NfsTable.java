package dev.probe.core.nfs;

import dev.probe.core.disk.DiskResult;
import dev.probe.core.disk.Ladder;
import dev.probe.core.disk.LoadPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The side-by-side table of an NFS check: one row per client (the kernel's mount, then user space over 1, 2, 4 ...
 * connections) with each profile's answer, the gain on the first row, and the advice it supports: dNFS and
 * {@code nconnect=N} where more connections carry more, neither where one already reaches what the export gives.
 */
public final class NfsTable {
    /** A gain under this is within run-to-run noise: more connections do not help. */
    static final double HELPS = 1.2;

    /**
     * One client's answers (null where its profile did not run or no point met the bound).
     *
     * @param client         {@code kernel} or {@code user space}
     * @param connections    user-space connections, 0 for the kernel's mount
     * @param oltpIops       oltp's highest IOPS within the latency bound
     * @param slobIops       the SLOB-like mix's, likewise
     * @param dssMbps        the 1 MiB workloads' peak MB/s
     * @param seqReadMbps    the 1 MiB sequential reads' peak MB/s (olap's scans)
     * @param redoP50Ms      a 32 KiB synchronous redo write's median, ms
     * @param gain           the headline figure over the first row's
     * @param reissued       I/Os issued again on a surviving path
     */
    public record Row(String client, int connections, Double oltpIops, Double slobIops, Double dssMbps,
                      Double seqReadMbps, Double redoP50Ms, Double gain, long reissued) {
        /** The figure rows are compared on: dss MB/s, else oltp IOPS, else slob IOPS, else redo writes per ms. */
        Double headline() {
            return dssMbps != null ? dssMbps : oltpIops != null ? oltpIops : slobIops != null ? slobIops
                    : redoP50Ms == null ? null : 1 / redoP50Ms;
        }

        String label() {
            return connections == 0 ? "kernel client" : "user space, " + connections + " conn";
        }
    }

    private NfsTable() {
    }

    /** The rows of {@code r}: the kernel's first when measured. */
    public static List<Row> rows(NfsResult r) {
        List<Row> raw = new ArrayList<>();
        if (r.kernel() != null) {
            raw.add(row("kernel", 0, r.kernel(), 0));
        }
        r.columns().forEach(c -> raw.add(row("user space", c.connections(), c.result(), c.reissued())));
        Double base = raw.isEmpty() ? null : raw.get(0).headline();
        List<Row> out = new ArrayList<>();
        for (Row x : raw) {
            Double h = x.headline();
            out.add(new Row(x.client(), x.connections(), x.oltpIops(), x.slobIops(), x.dssMbps(), x.seqReadMbps(),
                    x.redoP50Ms(), base == null || h == null || base == 0 ? null : h / base, x.reissued()));
        }
        return out;
    }

    private static Row row(String client, int connections, DiskResult d, long reissued) {
        LoadPoint oltp = d.boundedAnswer("oltp");
        LoadPoint slob = d.boundedAnswer("slob");
        LoadPoint dss = d.dssAnswer();
        LoadPoint seq = Ladder.peak(d.of("seq-read"));
        LoadPoint redo = d.of("redo").stream().filter(p -> p.ioSize() == 32 * 1024).findFirst().orElse(null);
        return new Row(client, connections, oltp == null ? null : oltp.iops(), slob == null ? null : slob.iops(),
                dss == null ? null : dss.mbps(), seq == null ? null : seq.mbps(),
                redo == null || redo.writeLatency() == null ? null : redo.writeLatency().p50(), null, reissued);
    }

    /**
     * Whether one connection's sequential reads were held by the TCP window: the bytes it kept in flight (MB/s x
     * round trip, Little's law) against what this host lets a receive window grow to ({@code net.ipv4.tcp_rmem}'s
     * maximum; autotuning gives the window part of the buffer). Null when not measurable.
     */
    public static String window(NfsResult r) {
        NfsResult.Column one = r.columns().stream().filter(c -> c.connections() == 1).findFirst().orElse(null);
        LoadPoint seq = one == null ? null : Ladder.peak(one.result().of("seq-read"));
        if (seq == null || r.rttMs() <= 0 || r.rmemMax() <= 0) {
            return null;
        }
        double inFlight = seq.mbps() * 1e6 * r.rttMs() / 1e3;
        boolean bound = inFlight >= 0.4 * r.rmemMax();
        return String.format(Locale.ROOT, "one connection's sequential reads kept %.0f KiB in flight (%.1f MB/s x "
                        + "%.2f ms round trip) against a receive buffer of at most %d KiB (net.ipv4.tcp_rmem): %s",
                inFlight / 1024, seq.mbps(), r.rttMs(), r.rmemMax() / 1024, bound
                        ? "window-bound (more connections, or a larger tcp_rmem, carry more)"
                        : "not window-bound (the server, the link or the outstanding I/Os hold it)");
    }

    /** What the table supports, in words. */
    public static List<String> advice(List<Row> rows) {
        List<String> out = new ArrayList<>();
        Row best = null;
        for (Row x : rows) {
            if (x.connections() > 0 && x.gain() != null && (best == null || x.gain() > best.gain())) {
                best = x;
            }
        }
        if (best == null) {
            return out;
        }
        Row first = rows.get(0);
        String over = first.connections() == 0 ? "the kernel client" : "one connection";
        if (best.gain() >= HELPS) {
            out.add(String.format(Locale.ROOT, "%d connections carry %.1fx what %s does: Direct NFS (one "
                    + "connection per database process) gets this; for the kernel client mount with nconnect=%d",
                    best.connections(), best.gain(), over, Math.min(16, best.connections())));
        } else {
            out.add(String.format(Locale.ROOT, "more connections carry at most %.2fx what %s does: neither Direct NFS "
                    + "nor nconnect will raise it much; the server or the link is the limit", best.gain(), over));
        }
        return out;
    }
}
