package dev.probe.report;

import static dev.probe.report.Format.fmt;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;

/**
 * The page of a disk check ({@code probe disk --out DIR}): {@code disk.html} with ORION's answers first, then
 * oltp IOPS against latency with the bound, dss MB/s against outstanding I/Os, redo write latency by size, and
 * every point; each chart also as PNG and SVG. Made from the result document alone.
 */
public final class DiskPage {
    private static final String[] DSS = {"seq-read", "seq-write", "rand-read", "rand-write"};
    private final Path dir;
    private final Map<String, String> svgs = new LinkedHashMap<>();
    private final Map<String, String> captions = new LinkedHashMap<>();

    private DiskPage(Path dir) {
        this.dir = dir;
    }

    /** Writes the page and its charts into {@code dir} (created when missing); returns the HTML file. */
    public static Path write(JsonNode doc, Path dir) throws IOException {
        Files.createDirectories(dir);
        return doc.path("summary").has("nfs") ? NfsPage.write(doc, dir) : new DiskPage(dir).render(doc);
    }

    private List<JsonNode> points(JsonNode doc, String workload) {
        List<JsonNode> out = new ArrayList<>();
        doc.path("intervals").forEach(p -> {
            if (p.path("workload").asText().equals(workload)) {
                out.add(p);
            }
        });
        return out;
    }

    private Path render(JsonNode doc) throws IOException {
        double bound = doc.path("params").path("max_latency_ms").asDouble();
        oltpChart(doc, bound);
        dssChart(doc);
        redoChart(doc);
        Path html = dir.resolve("disk.html");
        Files.writeString(html, html(doc), StandardCharsets.UTF_8);
        return html;
    }

    /** oltp: IOPS against read and write latency, one point per outstanding I/O count. */
    private void oltpChart(JsonNode doc, double bound) throws IOException {
        List<JsonNode> oltp = points(doc, "oltp");
        if (!oltp.isEmpty()) {
            List<double[]> reads = new ArrayList<>();
            List<double[]> writes = new ArrayList<>();
            for (JsonNode p : oltp) {
                reads.add(new double[] {p.path("iops").asDouble(), p.path("read_latency_ms").path("avg").asDouble(
                        Double.NaN)});
                writes.add(new double[] {p.path("iops").asDouble(), p.path("write_latency_ms").path("avg").asDouble(
                        Double.NaN)});
            }
            Map<String, List<double[]>> lines = new LinkedHashMap<>();
            lines.put("reads", reads);
            lines.put("writes", writes);
            chart("oltp", Charts.lines("oltp: IOPS against latency", fmt("8 KiB random, %d %% reads, outstanding I/Os "
                    + "1, 2, 4, ...", doc.path("params").path("read_pct").asInt()), "IOPS", "Mean latency (ms)", lines,
                    Map.of(fmt("bound %.1f ms", bound), bound)),
                    "Each point is one outstanding I/O count; the answer is the highest IOPS with both latencies under the bound.");
        }
    }

    /** dss: MB/s against outstanding I/Os, per workload. */
    private void dssChart(JsonNode doc) throws IOException {
        Map<String, List<double[]>> dss = new LinkedHashMap<>();
        for (String w : DSS) {
            List<double[]> pts = new ArrayList<>();
            points(doc, w).forEach(p -> pts.add(new double[] {p.path("outstanding").asDouble(), p.path("mbps")
                    .asDouble()}));
            if (!pts.isEmpty()) {
                dss.put(w, pts);
            }
        }
        if (!dss.isEmpty()) {
            chart("dss", Charts.lines("dss: MB/s against outstanding I/Os", "1 MiB sequential and random, reads and "
                    + "writes", "Outstanding I/Os", "MB/s", dss, Map.of()),
                    "Backups and restores are 1 MiB streams: the peak is what the storage can give them.");
        }
    }

    /** redo: synchronous write latency by write size. */
    private void redoChart(JsonNode doc) throws IOException {
        List<JsonNode> redo = points(doc, "redo");
        if (!redo.isEmpty()) {
            String[] sizes = new String[redo.size()];
            List<double[]> p50 = new ArrayList<>();
            List<double[]> p99 = new ArrayList<>();
            for (int i = 0; i < redo.size(); i++) {
                JsonNode l = redo.get(i).path("write_latency_ms");
                sizes[i] = size(redo.get(i).path("io_size").asInt());
                p50.add(new double[] {i, l.path("p50").asDouble()});
                p99.add(new double[] {i, l.path("p99").asDouble()});
            }
            Map<String, List<double[]>> lines = new LinkedHashMap<>();
            lines.put("p50", p50);
            lines.put("p99", p99);
            chart("redo", Charts.lines("redo: synchronous write latency by size", "one writer, each write followed by "
                    + "fdatasync: the standby redo log's share of a SYNC AFFIRM commit", "Write size", "ms", lines,
                    Map.of(), sizes), "What a commit waits for at the standby's disk, per redo write size.");
        }
    }

    private void chart(String name, JFreeChart chart, String caption) throws IOException {
        captions.put(name, caption);
        svgs.put(name, Charts.write(chart, dir, name));
    }

    private String html(JsonNode doc) {
        JsonNode p = doc.path("params");
        JsonNode s = doc.path("summary");
        StringBuilder sb = new StringBuilder(Html.head("Disk check"));
        sb.append(fmt("<h1>Disk check of %s</h1>%n", Html.esc(p.path("dir").asText())));
        sb.append(fmt("<p>%s, %d-byte blocks, %d MiB test file, %s I/O, %.1f s points, %s.</p>%n",
                Html.esc(p.path("file_system").asText()), p.path("block_size").asInt(), p.path("size").asLong() >> 20,
                p.path("buffered").asBoolean() ? "<b>buffered</b> (page cache)" : s.path("buffered").asBoolean()
                        ? "direct (writes smaller than a block buffered)" : "direct",
                p.path("point_s").asDouble(), Html.esc(doc.path("started_at").asText())));
        sb.append("<table><tr><th>profile</th><th>answer</th></tr>\n");
        for (String name : new String[] {"oltp", "slob"}) {
            JsonNode oltp = s.path(name);
            if (!oltp.isObject()) {
                continue;
            }
            sb.append(fmt("<tr><td>%s</td><td>%s</td></tr>%n", name, oltp.path("iops").isNumber()
                    ? fmt("<b>%.0f IOPS</b> at %d outstanding within %.1f ms (8 KiB random, %d %% reads)",
                            oltp.path("iops").asDouble(), oltp.path("outstanding").asInt(), oltp.path("max_latency_ms")
                                    .asDouble(),
                            oltp.path("read_pct").asInt()) : fmt("no point within %.1f ms", oltp.path("max_latency_ms")
                                    .asDouble())));
        }
        JsonNode dss = s.path("dss");
        if (dss.isObject()) {
            sb.append(fmt("<tr><td>dss</td><td><b>%.1f MB/s</b> peak (%s, 1 MiB, %d outstanding)</td></tr>%n",
                    dss.path("peak_mbps").asDouble(), Html.esc(dss.path("workload").asText()), dss.path("outstanding")
                            .asInt()));
        }
        for (JsonNode r : s.path("redo")) {
            sb.append(fmt(
                    "<tr><td>redo %s</td><td>synchronous write p50 <b>%.3f ms</b>, p99 %.3f ms, %.0f writes/s%s</td></tr>%n",
                    size(r.path("size").asInt()), r.path("latency_ms").path("p50").asDouble(),
                    r.path("latency_ms").path("p99").asDouble(), r.path("writes_per_s").asDouble(),
                    r.path("direct").asBoolean() ? "" : " (buffered: below the block size)"));
        }
        headroomRows(sb, s);
        sb.append("</table>\n");
        Html.figures(sb, svgs, captions);
        sb.append("<h2>Every point</h2>\n<table><tr><th>workload</th><th>size</th><th>outstanding</th><th>IOPS</th>"
                + "<th>MB/s</th><th>read avg / p99 ms</th><th>write avg / p99 ms</th></tr>\n");
        for (JsonNode pt : doc.path("intervals")) {
            sb.append(fmt("<tr>%s</tr>%n", pointCells(pt)));
        }
        sb.append("</table>\n<p>Made by probe disk, ORION's way: outstanding I/Os raised 1, 2, 4, ... (oltp until the "
                + "latency bound is passed, dss until MB/s stops rising), MB/s in 10<sup>6</sup> bytes.</p></body></html>\n");
        return sb.toString();
    }

    /** One point's cells: workload, size, outstanding, IOPS, MB/s, read and write latency. */
    static String pointCells(JsonNode pt) {
        return fmt("<td>%s</td><td>%s</td><td class=\"num\">%d</td><td class=\"num\">%.0f</td>"
                + "<td class=\"num\">%.1f</td><td>%s</td><td>%s</td>", Html.esc(pt.path("workload").asText()),
                size(pt.path("io_size").asInt()), pt.path("outstanding").asInt(), pt.path("iops").asDouble(),
                pt.path("mbps").asDouble(), lat(pt.path("read_latency_ms")), lat(pt.path("write_latency_ms")));
    }

    /** Table rows for a redo rate's {@code redo_headroom} in {@code summary}: one writer's share per write size. */
    static void headroomRows(StringBuilder sb, JsonNode summary) {
        for (JsonNode h : summary.path("redo_headroom")) {
            double busy = h.path("busy").asDouble();
            sb.append(fmt("<tr><td>redo %s at %.1f MB/s</td><td>%s</td></tr>%n", size(h.path("size").asInt()),
                    summary.path("redo_rate_bytes_s").asDouble() / 1e6, h.path("keeps_up").asBoolean()
                            ? fmt("one writer <b>%.0f %% busy</b> (%.1fx headroom; it writes %.1f MB/s at this size)",
                                    busy * 100, 1 / busy, h.path("mbps").asDouble())
                            : fmt("<b>cannot keep up</b>: %.1fx what one writer writes at this size (%.1f MB/s)", busy,
                                    h.path("mbps").asDouble())));
        }
    }

    private static String lat(JsonNode l) {
        return l.isObject() ? fmt("%.3f / %.3f", l.path("avg").asDouble(), l.path("p99").asDouble()) : "-";
    }

    static String size(int bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + " MiB" : bytes >= 1024 ? (bytes >> 10) + " KiB" : bytes + " B";
    }
}
