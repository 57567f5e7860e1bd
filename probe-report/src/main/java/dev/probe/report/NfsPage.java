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

/**
 * The page of {@code probe disk --nfs}: the clients side by side (the kernel's mount, then user space over 1, 2, 4
 * ... connections, as Direct NFS opens them), charted by client, the checks against Oracle's rules, one connection's
 * window, the advice, the paths lost, and every point.
 */
final class NfsPage {
    private static final String[][] MBPS = {{"dss_peak_mbps", "dss peak"}, {"seq_read_mbps", "sequential reads"}};
    private static final String[][] IOPS = {{"oltp_iops", "oltp"}, {"slob_iops", "slob (80/20)"}};
    private final Path dir;
    private final Map<String, String> svgs = new LinkedHashMap<>();
    private final Map<String, String> captions = new LinkedHashMap<>();

    private NfsPage(Path dir) {
        this.dir = dir;
    }

    static Path write(JsonNode doc, Path dir) throws IOException {
        return new NfsPage(dir).render(doc);
    }

    private Path render(JsonNode doc) throws IOException {
        JsonNode table = doc.at("/summary/nfs/table");
        String[] clients = new String[table.size()];
        for (int i = 0; i < clients.length; i++) {
            int n = table.get(i).path("connections").asInt();
            clients[i] = n == 0 ? "kernel" : n + " conn";
        }
        chart("nfs-mbps", table, MBPS, clients, "MB/s", "1 MiB I/Os: backups, restores, scans");
        chart("nfs-iops", table, IOPS, clients, "IOPS within the latency bound", "8 KiB random I/Os: OLTP");
        Path html = dir.resolve("disk.html");
        Files.writeString(html, html(doc), StandardCharsets.UTF_8);
        return html;
    }

    private void chart(String name, JsonNode table, String[][] series, String[] clients, String yLabel,
                       String subtitle) throws IOException {
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        for (String[] s : series) {
            List<double[]> pts = new ArrayList<>();
            for (int i = 0; i < table.size(); i++) {
                JsonNode v = table.get(i).path(s[0]);
                if (v.isNumber()) {
                    pts.add(new double[] {i, v.asDouble()});
                }
            }
            if (!pts.isEmpty()) {
                lines.put(s[1], pts);
            }
        }
        if (!lines.isEmpty()) {
            captions.put(name,
                    "Each client's answer, side by side: the kernel's mount when measured, then user space over more "
                            + "connections.");
            svgs.put(name, Charts.write(Charts.lines(yLabel + " by client", subtitle, "Client", yLabel, lines, Map.of(),
                    clients), dir, name));
        }
    }

    private String html(JsonNode doc) {
        JsonNode nfs = doc.at("/summary/nfs");
        StringBuilder sb = new StringBuilder(Html.head("NFS check"));
        sb.append(fmt("<h1>NFS check of %s:%s</h1>%n", Html.esc(nfs.path("server").asText()),
                Html.esc(nfs.path("export").asText())));
        sb.append(fmt("<p>NFSv3 over TCP from user space as Direct NFS reaches it; FSINFO rtmax %d, wtmax %d bytes; "
                + "idle round trip %.2f ms; %.1f s points; %s.</p>%n", nfs.at("/fsinfo/rtmax").asLong(),
                nfs.at("/fsinfo/wtmax").asLong(), nfs.path("idle_rtt_ms").asDouble(),
                doc.at("/params/point_s").asDouble(), Html.esc(doc.path("started_at").asText())));
        if (doc.has("incomplete")) {
            sb.append(fmt("<p><b>Incomplete:</b> %s</p>%n", Html.esc(doc.at("/incomplete/reason").asText())));
        }
        sb.append("<table><tr><th>client</th><th>oltp IOPS</th><th>slob IOPS</th><th>read p50 / p99 ms</th>"
                + "<th>dss MB/s</th><th>seq-read MB/s</th><th>redo 32 KiB p50 ms</th><th>I/Os reissued</th><th>gain (on)</th></tr>\n");
        for (JsonNode r : nfs.path("table")) {
            int n = r.path("connections").asInt();
            sb.append(fmt("<tr><td>%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td><td>%s</td>"
                    + "<td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%d</td>"
                    + "<td>%s</td></tr>%n", n == 0 ? "kernel client"
                            : "user space, " + n + (n == 1 ? " connection" : " connections"),
                    num(r, "oltp_iops", "%.0f"), num(r, "slob_iops", "%.0f"), r.has("oltp_read_latency_ms")
                            ? fmt("%.3f / %.3f", r.at("/oltp_read_latency_ms/p50").asDouble(),
                                    r.at("/oltp_read_latency_ms/p99").asDouble()) : "-", num(r, "dss_peak_mbps",
                                            "%.1f"),
                    num(r, "seq_read_mbps", "%.1f"), num(r, "redo_32k_p50_ms", "%.3f"), r.path("reissued").asLong(),
                    num(r, "gain", "%.2fx") + (r.has("gain_on") ? " " + Html.esc(r.path("gain_on").asText()) : "")));
        }
        sb.append("</table>\n<ul>\n");
        for (JsonNode c : nfs.path("checks")) {
            sb.append(fmt("<li><b>%s</b> %s</li>%n", Html.esc(c.path("status").asText().toUpperCase()),
                    Html.esc(c.path("text").asText())));
        }
        if (nfs.has("window")) {
            sb.append(fmt("<li>Window: %s</li>%n", Html.esc(nfs.path("window").asText())));
        }
        nfs.path("advice").forEach(a -> sb.append(fmt("<li><b>Advice:</b> %s</li>%n", Html.esc(a.asText()))));
        nfs.path("path_events").forEach(e -> sb.append(fmt("<li><b>Path:</b> %s</li>%n", Html.esc(e.asText()))));
        sb.append("</ul>\n");
        Html.figures(sb, svgs, captions);
        points(sb, doc);
        sb.append("<p>Made by probe disk --nfs: each client's profiles ORION's way (outstanding I/Os 1, 2, 4, ...), "
                + "MB/s in 10<sup>6</sup> bytes.</p></body></html>\n");
        return sb.toString();
    }

    private static void points(StringBuilder sb, JsonNode doc) {
        sb.append("<h2>Every point</h2>\n<table><tr><th>client</th><th>workload</th><th>size</th><th>outstanding</th>"
                + "<th>IOPS</th><th>MB/s</th><th>read avg / p99 ms</th><th>write avg / p99 ms</th></tr>\n");
        for (JsonNode pt : doc.path("intervals")) {
            int n = pt.path("connections").asInt();
            sb.append(fmt("<tr><td>%s</td>%s</tr>%n", n == 0 ? "kernel" : n + " conn", DiskPage.pointCells(pt)));
        }
        sb.append("</table>\n");
    }

    private static String num(JsonNode row, String key, String format) {
        JsonNode v = row.path(key);
        return v.isNumber() ? fmt(format, v.asDouble()) : "-";
    }
}
