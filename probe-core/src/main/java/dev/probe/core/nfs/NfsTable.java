package dev.probe.core.nfs;

import dev.probe.core.disk.DiskResult;
import dev.probe.core.disk.Ladder;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.result.LatencyStats;
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

    /** The figures rows are compared on, as named in words, and how each is read from a row. */
    private static final String[] FIGURES = {"oltp IOPS", "slob IOPS", "dss MB/s", "sequential-read MB/s"};

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
     * @param reads          the read latency at oltp's answer (slob's when oltp did not run), or null
     * @param gain           the largest of its figures over the first row's same figure
     * @param gainOn         which figure that is
     * @param reissued       I/Os issued again on a surviving path
     */
    public record Row(String client, int connections, Double oltpIops, Double slobIops, Double dssMbps,
            Double seqReadMbps, Double redoP50Ms, LatencyStats reads, Double gain, String gainOn,
            long reissued) {
        Double figure(int i) {
            return switch (i) {
                case 0 -> oltpIops;
                case 1 -> slobIops;
                case 2 -> dssMbps;
                default -> seqReadMbps;
            };
        }

        /** This row's figure {@code i} over {@code base}'s, or null when either is missing. */
        Double gain(Row base, int i) {
            Double x = figure(i);
            Double b = base.figure(i);
            return x == null || b == null || b <= 0 ? null : x / b;
        }
    }

    private NfsTable() {
    }

    /** The rows of {@code r}: the kernel's first when measured. */
    public static List<Row> rows(NfsResult r) {
        List<Row> raw = new ArrayList<>();
        boolean kernel = r.kernel() != null;
        if (kernel) {
            raw.add(row("kernel", 0, r.kernel(), 0));
        }
        r.columns().forEach(c -> raw.add(row("user space", c.connections(), c.result(), c.reissued())));
        List<Row> out = new ArrayList<>();
        Row base = raw.get(kernel ? Math.min(1, raw.size() - 1) : 0);
        for (Row x : raw) {
            Double best = null;
            String on = null;
            for (int i = 0; i < FIGURES.length; i++) {
                Double g = x.gain(base, i);
                if (g != null && (best == null || g > best)) {
                    best = g;
                    on = FIGURES[i];
                }
            }
            boolean comparable = x.connections() > 0 || r.mount() != null && r.mount().nfs();
            out.add(new Row(x.client(), x.connections(), x.oltpIops(), x.slobIops(), x.dssMbps(), x.seqReadMbps(),
                    x.redoP50Ms(), x.reads(), x == base ? Double.valueOf(1) : comparable ? best : null,
                    x == base ? "the baseline" : comparable ? on : null, x.reissued()));
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
                redo == null || redo.writeLatency() == null ? null : redo.writeLatency().p50(),
                oltp != null ? oltp.readLatency() : slob != null ? slob.readLatency() : null, null, null, reissued);
    }

    /**
     * The share of tcp_rmem's maximum a window-bound connection keeps in flight: the window is about half the buffer
     * (the default tcp_adv_win_scale), and rate x smoothed round trip reads a window-bound connection up to 30 % under
     * it (NfsLabJarIT's 256 KiB buffer over 2 ms, where four connections carry about 3 x one: 101-380 KiB in 34 runs;
     * at 0.4, run 67's 101 KiB was called "not window-bound").
     */
    static final double WINDOW_SHARE = 0.35;

    /**
     * Whether one connection's sequential reads were held by the TCP window: the bytes it kept in flight (MB/s x
     * round trip, Little's law) against what this host lets a receive window grow to ({@code net.ipv4.tcp_rmem}'s
     * maximum; autotuning gives the window part of the buffer). The round trip is the one the reads met: TCP's
     * smoothed round trip at the point's end where it was read (the path's queues and the hosts' delays under load),
     * never less than the idle one. Null when not measurable.
     */
    public static String window(NfsResult r) {
        NfsResult.Column one = r.columns().stream().filter(c -> c.connections() == 1).findFirst().orElse(null);
        LoadPoint seq = one == null ? null : Ladder.peak(one.result().of("seq-read"));
        if (seq == null || r.rttMs() <= 0 || r.rmemMax() <= 0) {
            return null;
        }
        double loaded = one.srttAt(seq);
        boolean underLoad = Double.isFinite(loaded) && loaded > r.rttMs();
        double rtt = underLoad ? loaded : r.rttMs();
        double inFlight = seq.mbps() * 1e6 * rtt / 1e3;
        boolean bound = inFlight >= WINDOW_SHARE * r.rmemMax();
        return String.format(Locale.ROOT, "one connection's sequential reads kept %.0f KiB in flight (%.1f MB/s x "
                + "%.2f ms round trip%s) against a receive buffer of at most %d KiB (net.ipv4.tcp_rmem): %s",
                inFlight / 1024, seq.mbps(), rtt, underLoad ? String.format(Locale.ROOT, " as TCP measured it "
                        + "under the reads; %.2f ms idle", r.rttMs()) : "", r.rmemMax() / 1024, bound
                                ? "window-bound (more connections, or a larger tcp_rmem, carry more)"
                                : "not window-bound (the server, the link or the outstanding I/Os hold it)");
    }

    /**
     * What the table supports, in words: each figure's best gain of more user-space connections over the fewest, the
     * advice on Direct NFS and nconnect that follows, and, when {@code kernelNfs} (the kernel's column is an NFS
     * mount), each figure of the best user-space row against the kernel client's.
     */
    public static List<String> advice(List<Row> rows, boolean kernelNfs) {
        List<String> out = new ArrayList<>();
        List<Row> user = rows.stream().filter(x -> x.connections() > 0).toList();
        Row helped = null;
        int compared = 0;
        for (int i = 0; i < FIGURES.length && user.size() > 1; i++) {
            Row best = best(user.subList(1, user.size()), user.get(0), i);
            if (best != null) {
                compared++;
                double g = best.gain(user.get(0), i);
                out.add(String.format(Locale.ROOT, "%s: %d connections carry %.2fx what %d does (%.1f against %.1f)",
                        FIGURES[i], best.connections(), g, user.get(0).connections(), best.figure(i),
                        user.get(0).figure(i)));
                if (g >= HELPS && (helped == null || best.connections() > helped.connections())) {
                    helped = best;
                }
            }
        }
        if (user.size() > 1 && compared == 0) {
            // no figure measured on both sides (a CI run's one-connection column lost its points to a loaded host):
            // no advice from partial data
            out.add(String.format(Locale.ROOT, "more connections not compared: no figure was measured both over %d "
                    + "connection%s and over more; run again (a longer --duration) to judge Direct NFS and nconnect",
                    user.get(0).connections(), user.get(0).connections() == 1 ? "" : "s"));
        } else if (user.size() > 1) {
            out.add(helped != null
                    ? String.format(Locale.ROOT, "more connections help: Direct NFS (one connection per database "
                            + "process) gets this; for the kernel client mount with nconnect=%d",
                            Math.min(16, helped.connections()))
                    : "more connections do not help here (under " + HELPS + "x on every figure): neither Direct NFS "
                            + "nor nconnect will raise it much; the server or the link is the limit");
        }
        Row kernel = rows.get(0).connections() == 0 ? rows.get(0) : null;
        for (int i = 0; i < FIGURES.length && kernel != null && kernelNfs; i++) {
            Row best = best(user, kernel, i);
            if (best != null) {
                out.add(String.format(Locale.ROOT, "%s: user space over %d connections carries %.2fx what the kernel "
                        + "client does (%.1f against %.1f)", FIGURES[i], best.connections(), best.gain(kernel, i),
                        best.figure(i), kernel.figure(i)));
            }
        }
        return out;
    }

    private static Row best(List<Row> candidates, Row base, int figure) {
        Row best = null;
        for (Row x : candidates) {
            Double g = x.gain(base, figure);
            if (g != null && (best == null || g > best.gain(base, figure))) {
                best = x;
            }
        }
        return best;
    }
}
