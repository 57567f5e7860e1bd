package dev.probe.report;

import static dev.probe.report.Format.fmt;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;

/**
 * The page a DBA hands to the network team after {@code probe qualify --out DIR}: {@code qualify.html}
 * (self-contained, the verdicts first, charts inline) and each chart as PNG and SVG, made from the qualify result
 * document alone, so it reads without probe.
 */
public final class QualifyPage {
    private static final String[] PERCENTILE_LABELS = {"p50", "p90", "p99", "p99.9"};
    private static final String[] PERCENTILE_FIELDS = {"p50", "p90", "p99", "p999"};

    private final Path dir;
    private final Map<String, String> svgs = new LinkedHashMap<>();
    private final Map<String, String> captions = new LinkedHashMap<>();

    private QualifyPage(Path dir) {
        this.dir = dir;
    }

    /** Writes the page and its charts into {@code dir} (created when missing); returns the HTML file. */
    public static Path write(JsonNode doc, Path dir) throws IOException {
        Files.createDirectories(dir);
        return new QualifyPage(dir).render(doc);
    }

    private Path render(JsonNode doc) throws IOException {
        if ("rac".equals(doc.path("params").path("mode").asText())) {
            Path html = dir.resolve("qualify.html");
            Files.writeString(html, QualifyRacPage.html(doc), StandardCharsets.UTF_8);
            return html;
        }
        JsonNode s = doc.path("summary");
        double requiredMbit = s.path("required_bps").asDouble() / 1e6;
        streamChart(doc, requiredMbit);
        syncChart(doc, s);
        lagChart(s);
        JsonNode projection = s.path("lag_projection");
        if (!projection.isMissingNode()) {
            awrCharts(projection, s.path("tuned_buffers_bps").asDouble() / 8e6);
        }
        Path html = dir.resolve("qualify.html");
        Files.writeString(html, html(doc), StandardCharsets.UTF_8);
        return html;
    }

    /** One redo stream over time with default and 3 x BDP buffers, against the required bandwidth. */
    private void streamChart(JsonNode doc, double requiredMbit) throws IOException {
        Map<String, List<double[]>> streams = new LinkedHashMap<>();
        for (String[] step : new String[][] {{"default_buffers", "default buffers"}, {"tuned_buffers",
                "3 x BDP buffers"}}) {
            steps(doc, step[0]).forEach(r -> streams.put(step[1], throughputMbit(r)));
        }
        if (!streams.isEmpty()) {
            boolean acked = steps(doc, "default_buffers").stream().allMatch(QualifyPage::ackedCounts);
            chart("single-stream", Charts.lines("One redo stream over time", acked
                    ? "bytes the standby's TCP acknowledged per interval (TCP_INFO)"
                    : "bytes written to the socket per interval (no TCP_INFO here)", "Seconds", "Mbit/s", streams,
                    Map.of(fmt("required %.1f Mbit/s", requiredMbit), requiredMbit)),
                    "Single-stream throughput with default and with 3 x BDP socket buffers, against the required "
                            + "bandwidth; ASYNC redo transport uses one connection per destination. " + (acked
                                    ? "Counted as acknowledged by the standby, so the socket buffer filling at the start does "
                                            + "not show as a spike."
                                    : "Counted as written to the socket: the first interval includes "
                                            + "the socket buffer filling."));
        }
    }

    /** The commit time SYNC adds, by percentile, per write size (idle and loaded), against the budget. */
    private void syncChart(JsonNode doc, JsonNode s) throws IOException {
        Map<String, List<double[]>> sync = new LinkedHashMap<>();
        double local = doc.path("params").path("local_log_write_ms").asDouble();
        for (JsonNode st : doc.path("steps")) {
            if (st.path("step").asText().equals("sync")) {
                JsonNode lat = st.path("result").path("summary").path("latency_ms");
                List<double[]> pts = new ArrayList<>();
                for (int i = 0; i < PERCENTILE_LABELS.length; i++) {
                    pts.add(new double[] {i, Math.max(0, lat.path(PERCENTILE_FIELDS[i]).asDouble() - local)});
                }
                sync.put(st.path("label").asText(), pts);
            }
        }
        if (!sync.isEmpty()) {
            double budget = doc.path("params").path("commit_budget_ms").asDouble();
            chart("sync-commit", Charts.lines("Commit time SYNC adds", fmt("round trip less the primary's own log "
                    + "write (%.3f ms), by percentile", local), "Percentile", "Added ms", sync,
                    Map.of(fmt("budget %.3f ms", budget), budget), PERCENTILE_LABELS),
                    "Added commit time by percentile at each redo write size, against the commit budget"
                            + (s.has("under_load") ? fmt("; each idle and again under %s (--under-load %s), the "
                                    + "verdicts resting on the loaded lines.", s.path("under_load").path("described")
                                            .asText(),
                                    s.path("under_load").path("load").asText()) : "."));
        }
    }

    /** The transport lag at the peak redo rate, idle and under load. */
    private void lagChart(JsonNode s) throws IOException {
        Map<String, List<double[]>> lag = new LinkedHashMap<>();
        for (String[] trace : new String[][] {{"lag", "idle"}, {"lag_under_load", "under load"}}) {
            List<double[]> pts = new ArrayList<>();
            s.path(trace[0]).path("points").forEach(p -> pts.add(new double[] {p.path("t_s").asDouble(),
                    p.path("lag_s").asDouble()}));
            if (!pts.isEmpty()) {
                lag.put(trace[1], pts);
            }
        }
        if (!lag.isEmpty()) {
            chart("lag", Charts.lines("Transport lag at the peak redo rate",
                    "flat: the link keeps up; growing: it falls behind by (rate - capacity) / rate each second",
                    "Seconds", "Lag (s)", lag, Map.of("MAA: usually under 1 s", 1.0)),
                    "The redo due minus what the standby's TCP acknowledged, over the rate.");
        }
    }

    private void awrCharts(JsonNode projection, double carryMBs) throws IOException {
        List<double[]> mean = new ArrayList<>();
        List<double[]> peak = new ArrayList<>();
        List<double[]> lag = new ArrayList<>();
        LocalDateTime first = null;
        for (JsonNode p : projection.path("points")) {
            LocalDateTime end = LocalDateTime.parse(p.path("end").asText());
            first = first == null ? end : first;
            double h = Duration.between(first, end).toMillis() / 3.6e6;
            mean.add(new double[] {h, p.path("redo_bytes_s").asDouble() / 1e6});
            peak.add(new double[] {h, p.path("redo_peak_bytes_s").asDouble() / 1e6});
            lag.add(new double[] {h, p.path("lag_s").asDouble()});
        }
        Map<String, List<double[]>> rates = new LinkedHashMap<>();
        rates.put("AVERAGE (interval mean)", mean);
        rates.put("MAXVAL (interval peak)", peak);
        String from = "Hours from " + (first == null ? "the first interval" : first.toString().replace('T', ' '))
                + " (database time)";
        chart("awr-redo", Charts.lines("Redo rate across the AWR period", "instances summed per interval",
                from, "MB/s", rates, Map.of(fmt("one stream carries %.1f MB/s", carryMBs), carryMBs)),
                "The AWR period's redo rate, each interval's mean (AVERAGE) and peak (MAXVAL), against what one "
                        + "stream carried here. Times " + projection.path("times").asText("as in the CSV") + ".");
        chart("awr-lag", Charts.lines("Projected transport lag", fmt("peak %s at %s database time",
                Format.readableSeconds(projection.path("peak_lag_s").asDouble()),
                projection.path("peak_at").asText().replace('T', ' ')),
                from, "Lag (s)", Map.of("projected lag", lag), Map.of("MAA: usually under 1 s", 1.0)),
                "The lag the AWR period's redo would have had on this link: each interval's mean arrives, one stream "
                        + "drains it, the backlog carried between intervals.");
    }

    private void chart(String name, JFreeChart chart, String caption) throws IOException {
        captions.put(name, caption);
        svgs.put(name, Charts.write(chart, dir, name));
    }

    private static List<JsonNode> steps(JsonNode doc, String step) {
        List<JsonNode> out = new ArrayList<>();
        doc.path("steps").forEach(st -> {
            if (st.path("step").asText().equals(step)) {
                out.add(st.path("result"));
            }
        });
        return out;
    }

    /**
     * A stream's Mbit/s per interval as the standby's TCP acknowledged it (TCP_INFO bytes_acked, so the socket
     * buffer filling at the start and the writes of whole messages do not show as spikes and gaps), or as
     * written to the socket where TCP_INFO gave no count.
     */
    static List<double[]> throughputMbit(JsonNode result) {
        List<double[]> pts = new ArrayList<>();
        boolean acked = ackedCounts(result);
        long before = 0;
        for (JsonNode i : result.path("intervals")) {
            double length = i.path("length_s").asDouble();
            if (acked) {
                long now = i.path("tcp").path("bytes_acked").asLong();
                if (now <= 0) {
                    continue; // the last sample, read after the data's end: no acks of its time
                }
                pts.add(new double[] {i.path("t_s").asDouble(), length <= 0 ? 0 : (now - before) * 8 / 1e6 / length});
                before = now;
            } else {
                pts.add(new double[] {i.path("t_s").asDouble(), i.path("throughput_mib_s").asDouble() * 1.048576 * 8});
            }
        }
        return pts;
    }

    /** True when every interval of {@code result} but the last (read after the data's end) carries bytes_acked. */
    static boolean ackedCounts(JsonNode result) {
        JsonNode intervals = result.path("intervals");
        int n = intervals.size();
        for (int k = 0; k < Math.max(1, n - 1); k++) {
            if (intervals.path(k).path("tcp").path("bytes_acked").asLong() <= 0) {
                return false;
            }
        }
        return true;
    }

    private String html(JsonNode doc) {
        JsonNode p = doc.path("params");
        JsonNode s = doc.path("summary");
        StringBuilder sb = new StringBuilder();
        heading(sb, "Data Guard network qualification", s);
        sb.append(fmt("<p>Primary (this run's client) to standby <b>%s:%d</b>, %s. Peak redo %.1f MB/s (%s: %s).",
                esc(p.path("host").asText()), p.path("port").asInt(), esc(doc.path("started_at").asText()),
                p.path("redo_rate_bytes_s").asDouble() / 1e6, esc(p.path("redo_source").asText()),
                esc(p.path("redo_rate_statistic").asText("as given"))));
        if (p.has("redo_highest_average_bytes_s")) {
            sb.append(fmt(" Busiest interval mean %.1f MB/s (AVERAGE, instances summed). AWR times %s.",
                    p.path("redo_highest_average_bytes_s").asDouble() / 1e6, esc(p.path("awr_times").asText())));
        }
        sb.append("</p>\n");
        stopped(sb, doc);
        verdictTable(sb, s);
        QualifyTables.pathMtu(sb, s.path("path_mtu"));
        JsonNode both = s.path("both_directions");
        if (both.isObject()) {
            sb.append(fmt("<p>Asymmetry (--both-directions): %s.</p>%n", esc(both.path("described").asText())));
        }
        sb.append(fmt("<p>Required bandwidth = %s = <b>%.1f Mbit/s</b>.</p>%n", esc(s.path("required_formula")
                .asText()),
                s.path("required_bps").asDouble() / 1e6));
        settings(sb, s.path("settings"), "sqlnet.ora on both hosts (or per address in tnsnames.ora / listener.ora)"
                + (both.isObject() ? ", sized for the direction that needs the larger buffers ("
                        + both.path("settings_from").asText().replace('_', ' ') + ")" : ""),
                "Linux sysctl on both hosts, so the OS grants those buffers (/etc/sysctl.d/)");
        QualifyTables.hosts(sb, s.path("settings").path("hosts"));
        QualifyTables.measured(sb, doc, "What was measured" + (both.isObject() ? ", primary to standby" : ""));
        if (doc.path("reverse").isObject()) {
            QualifyTables.measured(sb, doc.path("reverse"),
                    "What was measured, standby to primary (the standby's server sent)");
        }
        QualifyTables.standbyDisk(sb, doc.path("standby_disk"));
        Html.figures(sb, svgs, captions);
        sb.append("<p>Made by probe qualify: Oracle's procedure (support note 2064368.1) in one run; sizing rules "
                + "from notes 736755.1 and MAA's SYNC redo transport best practices.</p></body></html>\n");
        return sb.toString();
    }

    /** The page's head and its title with the overall verdict (shared with {@link QualifyRacPage}). */
    static void heading(StringBuilder sb, String title, JsonNode summary) {
        sb.append(Html.head(title));
        sb.append(fmt("<h1>%s: %s</h1>%n", title, esc(summary.path("overall").asText())));
    }

    /** Why the steps stopped early, when they did. */
    static void stopped(StringBuilder sb, JsonNode doc) {
        if (doc.has("incomplete")) {
            sb.append(fmt("<p class=\"FAIL\"><b>Stopped before every step ran</b> (%s): no verdict on what was not "
                    + "measured whole; run it again to qualify the link.</p>%n",
                    esc(doc.path("incomplete").path("reason").asText())));
        }
    }

    /** "Settings to apply": the sqlnet.ora lines and the sysctl lines, each after a line saying where they go. */
    static void settings(StringBuilder sb, JsonNode settings, String sqlnetWhere, String sysctlWhere) {
        if (settings.path("sqlnet_ora").isEmpty() && settings.path("sysctl").isEmpty()) {
            return; // nothing was measured to size them by (a path that stalls)
        }
        sb.append("<h2>Settings to apply</h2>\n<p>").append(sqlnetWhere).append(":</p><pre>");
        settings.path("sqlnet_ora").forEach(l -> sb.append(esc(l.asText())).append('\n'));
        sb.append("</pre><p>").append(sysctlWhere).append(":</p><pre>");
        settings.path("sysctl").forEach(l -> sb.append(esc(l.asText())).append('\n'));
        sb.append("</pre>\n");
    }

    /** The verdicts with their reasons, as the console lists them (shared with {@link QualifyRacPage}). */
    static void verdictTable(StringBuilder sb, JsonNode s) {
        sb.append(s.path("verdicts").isEmpty() ? "<table>\n"
                : "<table><tr><th>verdict</th><th>status</th><th>why</th></tr>\n");
        for (JsonNode v : s.path("verdicts")) {
            StringBuilder why = new StringBuilder();
            v.path("reasons").forEach(r -> why.append(esc(r.asText())).append("<br>"));
            sb.append(fmt("<tr><td>%s</td><td class=\"%s\"><b>%s</b></td><td>%s</td></tr>%n", esc(v.path("name")
                    .asText()),
                    esc(v.path("status").asText()), esc(v.path("status").asText()), why));
        }
        sb.append("</table>\n");
    }

    private static String esc(String s) {
        return Html.esc(s);
    }
}
