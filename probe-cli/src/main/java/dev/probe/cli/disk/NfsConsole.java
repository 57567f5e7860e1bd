package dev.probe.cli.disk;

import dev.probe.core.disk.DiskParams;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.nfs.NfsChecks;
import dev.probe.core.nfs.NfsParams;
import dev.probe.core.nfs.NfsResult;
import dev.probe.core.nfs.NfsTable;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * {@code probe disk --nfs}'s console: each connection count's points as a disk check of its own, then the table
 * side by side (the kernel client first when measured), the checks, one connection's window, the advice and every
 * path taken out.
 */
final class NfsConsole {
    private final PrintWriter out;
    private final NfsParams params;
    private final String at;
    private DiskConsole column;
    private int connections;

    NfsConsole(PrintWriter out, NfsParams params, String at) {
        this.out = out;
        this.params = params;
        this.at = at;
    }

    void point(int n, LoadPoint p) {
        if (column == null || n != connections) {
            if (column != null) {
                out.println();
            }
            connections = n;
            DiskParams d = params.disk(); // user space has no page cache: its points are never buffered
            column = new DiskConsole(out, new DiskParams(d.size(), d.profiles(), d.maxLatency(), d.readPct(), d.point(),
                    d.maxOutstanding(), false, d.keep()));
            column.header(params.target() + " from user space" + (at == null ? "" : " at " + at) + " over " + n
                    + (n == 1 ? " connection" : " connections")
                    + (params.paths().size() > 1 ? " on " + params.paths().size() + " paths" : ""), false);
        }
        column.point(p);
    }

    void summary(NfsResult r) {
        out.printf(Locale.ROOT, "%nNFSv3 %s: FSINFO rtmax %d, wtmax %d bytes; idle round trip %.2f ms%n",
                params.target(), r.info().rtmax(), r.info().wtmax(), r.rttMs());
        List<NfsTable.Row> rows = NfsTable.rows(r);
        out.printf("%-20s %10s %10s %15s %9s %13s %15s %8s %6s  %s%n", "client", "oltp IOPS", "slob IOPS",
                "read p50/p99 ms", "dss MB/s", "seq-read MB/s", "redo 32K p50 ms", "reissued", "gain", "on");
        for (NfsTable.Row x : rows) {
            out.printf(Locale.ROOT, "%-20s %10s %10s %15s %9s %13s %15s %8d %6s  %s%n", x.connections() == 0
                    ? "kernel client" : "user space, " + x.connections() + " conn", num(x.oltpIops(), "%.0f"),
                    num(x.slobIops(), "%.0f"), x.reads() == null ? "-" : String.format(Locale.ROOT, "%.3f/%.3f",
                            x.reads().p50(), x.reads().p99()), num(x.dssMbps(), "%.1f"), num(x.seqReadMbps(), "%.1f"),
                    num(x.redoP50Ms(), "%.3f"), x.reissued(), num(x.gain(), "%.2fx"),
                    x.gainOn() == null ? "" : x.gainOn());
        }
        for (NfsChecks.Check c : r.checks()) {
            out.printf("%-4s  %s%n", c.status().toUpperCase(Locale.ROOT), c.text());
        }
        String window = NfsTable.window(r);
        if (window != null) {
            out.println("window " + window);
        }
        NfsTable.advice(rows, r.kernelIsNfs()).forEach(a -> out.println("advice " + a));
        for (NfsResult.Column c : r.columns()) {
            c.events().forEach(e -> out.printf("paths  %d connections: %s; %d I/Os reissued on the surviving paths%n",
                    c.connections(), e, c.reissued()));
        }
        if (r.incomplete() != null) {
            out.println("INCOMPLETE " + r.incomplete());
        }
        out.flush();
    }

    private static String num(Double v, String format) {
        return v == null ? "-" : String.format(Locale.ROOT, format, v);
    }
}
