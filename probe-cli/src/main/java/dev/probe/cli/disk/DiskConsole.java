package dev.probe.cli.disk;

import dev.probe.core.disk.DiskParams;
import dev.probe.core.disk.DiskResult;
import dev.probe.core.disk.Ladders;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.disk.RedoHeadroom;
import dev.probe.core.disk.Workload;
import dev.probe.core.result.LatencyStats;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** {@code probe disk}'s console: a line per measured point as it ends, then ORION's answers. */
final class DiskConsole {
    private final PrintWriter out;
    private final DiskParams params;
    private boolean printed;

    DiskConsole(PrintWriter out, DiskParams params) {
        this.out = out;
        this.params = params;
    }

    private String where;

    /** Prints the header now, or with {@code lazily} before the first point (a remote check may be refused first). */
    void header(String where, boolean lazily) {
        this.where = where;
        if (!lazily) {
            header();
        }
    }

    private void header() {
        int points = Ladders.maxPoints(params);
        double seconds = points * params.point().toMillis() / 1000.0;
        out.printf(Locale.ROOT, "Disk check of %s: %d MiB file, %s I/O, %s s points, outstanding up to %d "
                + "(at most %d points: %s)%n", where, params.size() >> 20,
                params.buffered() ? "buffered" : "direct", params.point().toMillis() / 1000.0, params.maxOutstanding(),
                points, seconds < 120 ? String.format(Locale.ROOT, "%.0f s", seconds)
                        : String.format(Locale.ROOT, "%.1f min", seconds / 60));
        out.printf("%-11s %8s %5s %11s %10s   %-22s %-22s%n", "workload", "size", "depth", "IOPS", "MB/s",
                "read avg / p99 ms", "write avg / p99 ms");
        out.flush();
        printed = true;
    }

    void point(LoadPoint p) {
        if (where != null && !printed) {
            header();
        }
        out.printf(Locale.ROOT, "%-11s %8s %5d %11.0f %10.1f   %-22s %-22s%s%n", p.workload(), size(p.ioSize()),
                p.outstanding(), p.iops(), p.mbps(), lat(p.readLatency()), lat(p.writeLatency()),
                p.direct() ? "" : "  (buffered)");
        out.flush();
    }

    void summary(DiskResult r) {
        out.printf(Locale.ROOT, "%nFile system %s, %d-byte blocks%s%n", r.fileSystem(), r.blockSize(),
                r.anyBuffered() ? "; points marked (buffered) went through the page cache"
                        + (params.buffered() ? "" : " (I/Os smaller than a block cannot be direct)") : "");
        for (LoadPoint p : r.of("redo")) {
            LatencyStats l = p.writeLatency();
            out.printf(Locale.ROOT,
                    "redo  %8s synchronous writes: p50 %.3f ms, p99 %.3f ms, %.0f writes/s, %.1f MB/s%s%n",
                    size(p.ioSize()), l.p50(), l.p99(), p.iops(), p.mbps(), p.direct() ? "" : " (buffered)");
        }
        bounded(r, "oltp", params.readPct());
        bounded(r, "slob", Workload.SLOB_READ_PCT);
        LoadPoint dss = r.dssAnswer();
        if (dss != null) {
            out.printf(Locale.ROOT, "dss   peak %.1f MB/s (%s, 1 MiB, %d outstanding)%n", dss.mbps(), dss.workload(),
                    dss.outstanding());
        }
        out.flush();
    }

    private void bounded(DiskResult r, String workload, int readPct) {
        if (r.of(workload).isEmpty()) {
            return;
        }
        LoadPoint best = r.boundedAnswer(workload);
        out.printf(Locale.ROOT, "%-5s %s%n", workload, best == null
                ? String.format(Locale.ROOT, "no point within %.1f ms, even at 1 outstanding I/O", bound())
                : String.format(Locale.ROOT, "%.0f IOPS at %d outstanding within %.1f ms (8 KiB random, %d %% reads; "
                        + "read avg %s, write avg %s)", best.iops(), best.outstanding(), bound(), readPct,
                        avg(best.readLatency()), avg(best.writeLatency())));
    }

    /** One writer's share of {@code bytesPerSecond} of redo at each measured write size. */
    void headroom(double bytesPerSecond, List<RedoHeadroom> rows) {
        out.printf(Locale.ROOT, "redo  at %.1f MB/s (--redo-rate), writes one at a time:%n", bytesPerSecond / 1e6);
        rows.forEach(h -> out.printf("        %s%n", h.describe()));
        out.flush();
    }

    private double bound() {
        return params.maxLatency().toNanos() / 1e6;
    }

    private static String lat(LatencyStats l) {
        return l == null ? "-" : String.format(Locale.ROOT, "%.3f / %.3f", l.avg(), l.p99());
    }

    private static String avg(LatencyStats l) {
        return l == null ? "-" : String.format(Locale.ROOT, "%.3f ms", l.avg());
    }

    private static String size(int bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + " MiB" : bytes >= 1024 ? (bytes >> 10) + " KiB" : bytes + " B";
    }
}
