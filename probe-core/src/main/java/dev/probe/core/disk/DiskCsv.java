package dev.probe.core.disk;

import dev.probe.core.result.LatencyStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * ORION's matrices as CSV in one directory: {@code iops.csv} and {@code lat.csv} (oltp, one row per outstanding
 * count), {@code mbps.csv} (dss, a column per 1 MiB workload), {@code redo.csv} (one row per write size). Only the
 * files of the profiles that ran are written.
 */
public final class DiskCsv {
    private DiskCsv() {
    }

    public static void write(DiskResult r, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<LoadPoint> oltp = r.of("oltp");
        if (!oltp.isEmpty()) {
            List<String> iops = new ArrayList<>(List.of("outstanding,iops,read_iops,write_iops"));
            List<String> lat = new ArrayList<>(List.of(
                    "outstanding,read_avg_ms,read_p99_ms,write_avg_ms,write_p99_ms"));
            for (LoadPoint p : oltp) {
                iops.add(row(p.outstanding(), p.iops(), p.reads() / p.seconds(), p.writes() / p.seconds()));
                lat.add(p.outstanding() + "," + ms(p.readLatency()) + "," + ms(p.writeLatency()));
            }
            Files.write(dir.resolve("iops.csv"), iops);
            Files.write(dir.resolve("lat.csv"), lat);
        }
        TreeMap<Integer, String[]> mbps = new TreeMap<>();
        Workload[] dss = Workload.dss();
        for (int w = 0; w < dss.length; w++) {
            for (LoadPoint p : r.of(dss[w].name())) {
                mbps.computeIfAbsent(p.outstanding(), k -> new String[dss.length])[w] = fmt(p.mbps());
            }
        }
        if (!mbps.isEmpty()) {
            List<String> lines = new ArrayList<>(List.of("outstanding,seq_read,seq_write,rand_read,rand_write"));
            mbps.forEach((n, cols) -> lines.add(n + "," + String.join(",", Arrays.stream(cols)
                    .map(c -> c == null ? "" : c).toList())));
            Files.write(dir.resolve("mbps.csv"), lines);
        }
        List<LoadPoint> redo = r.of("redo");
        if (!redo.isEmpty()) {
            List<String> lines = new ArrayList<>(List.of("size,direct,writes_per_s,mbps,p50_ms,p99_ms,p999_ms,max_ms"));
            for (LoadPoint p : redo) {
                LatencyStats l = p.writeLatency();
                lines.add(p.ioSize() + "," + p.direct() + "," + row(p.iops(), p.mbps(), l.p50(), l.p99(), l.p999(), l
                        .max()));
            }
            Files.write(dir.resolve("redo.csv"), lines);
        }
    }

    private static String ms(LatencyStats l) {
        return l == null ? "," : fmt(l.avg()) + "," + fmt(l.p99());
    }

    private static String row(double... values) {
        List<String> out = new ArrayList<>();
        for (double v : values) {
            out.add(fmt(v));
        }
        return String.join(",", out);
    }

    private static String row(int first, double... values) {
        return first + "," + row(values);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
