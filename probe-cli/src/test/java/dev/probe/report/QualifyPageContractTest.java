package dev.probe.report;

import static dev.probe.report.Format.fmt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.Target;
import dev.probe.core.qualify.AwrCsv;
import dev.probe.core.qualify.Qualifier;
import dev.probe.core.qualify.QualifyConfig;
import dev.probe.core.qualify.RedoLoad;
import dev.probe.core.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * QualifyPage against what core's {@code QualifyResult} writes: one real qualification on 127.0.0.1 with every
 * part the page can show (AWR, AFFIRM, the standby's redo disk), its document read by the page through
 * {@link ReadKeys}; every figure the page shows is found in the HTML as the document gives it, and every key the
 * page reads is one the writer wrote, but for the parts of other kinds of run (under load, stopped early).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class QualifyPageContractTest {
    /**
     * What a page of this run may ask for and not find: the parts an under-load or stopped run writes, and the
     * latency a stream step's result has not (the page tells SYNC steps from stream steps by it).
     */
    private static final Set<String> OTHER_RUNS = Set.of("incomplete", "summary.under_load", "summary.lag_under_load",
            "steps[].result.incomplete", "steps[].result.summary.latency_ms", "summary.both_directions", "reverse");

    @TempDir
    static Path dir;
    private JsonNode doc;
    private final ReadKeys keys = new ReadKeys();
    private String html;
    private JsonNode bothDoc;
    private String bothHtml;

    @BeforeAll
    void qualifyOnLoopbackAndRenderThePage() throws Exception {
        Path awr = Files.writeString(dir.resolve("awr.csv"), String.join("\n",
                "METRIC_NAME,MAXVAL,AVERAGE,END_TIME,BEGIN_TIME,INSTANCE_NUMBER",
                "Redo Generated Per Sec,3000000,1000000,2026-11-02 11:00:00,2026-11-02 10:00:00,1",
                "Redo Generated Per Sec,2000000,1500000,2026-11-02 12:00:00,2026-11-02 11:00:00,1", ""));
        Files.createDirectories(dir.resolve("srv").resolve("redo"));
        try (ProbeServer server = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0,
                dir.resolve("redo.log"), dir.resolve("srv")), line -> {})) {
            QualifyConfig config = QualifyConfig.builder(Target.of("127.0.0.1", server.address().getPort()),
                    AwrCsv.read(awr)).affirm(true).standbyDir("redo").commitBudget(Duration.ofMillis(50),
                            Duration.ofMillis(0)).budget(Duration.ofSeconds(15)).build();
            doc = new Qualifier(config).run((i, n, s) -> {}).toJson();
            QualifyConfig both = QualifyConfig.builder(Target.of("127.0.0.1", server.address().getPort()),
                    RedoLoad.given(3e6)).modes(true, false).affirm(false).budget(Duration.ofSeconds(30))
                    .bothDirections(true).build();
            bothDoc = new Qualifier(both).run((i, n, s) -> {}).toJson();
        }
        html = Files.readString(QualifyPage.write(keys.wrap(doc), dir.resolve("page")));
        bothHtml = Files.readString(QualifyPage.write(bothDoc, dir.resolve("both")));
    }

    @Test
    void everyKeyThePageReadsIsOneTheResultWrites() {
        Set<String> missing = new TreeSet<>(keys.missing());
        missing.removeAll(OTHER_RUNS);
        assertEquals(Set.of(), missing, "read by QualifyPage, written by no QualifyResult of this kind");
        assertTrue(keys.read().containsAll(List.of("summary.verdicts[].reasons", "summary.settings.sysctl",
                "summary.lag_projection.points[].lag_s", "standby_disk.redo_headroom[].busy",
                "steps[].result.intervals[].tcp.bytes_acked")), "the page reads every part: " + keys.read());
    }

    @Test
    void theVerdictsSettingsAndRequiredBandwidthAreTheDocument() {
        JsonNode s = doc.path("summary");
        assertTrue(html.contains("<h1>Data Guard network qualification: " + s.path("overall").asText() + "</h1>"));
        assertEquals(3, s.path("verdicts").size(), "ASYNC, SYNC FASTSYNC, SYNC AFFIRM: " + s.path("verdicts"));
        for (JsonNode v : s.path("verdicts")) {
            assertTrue(html.contains(fmt("<tr><td>%s</td><td class=\"%s\"><b>%s</b></td>", Html.esc(v.path("name")
                    .asText()), v.path("status").asText(), v.path("status").asText())), v.toString());
            v.path("reasons").forEach(r -> assertTrue(html.contains(Html.esc(r.asText()) + "<br>"), r.asText()));
        }
        assertTrue(html.contains(fmt("= <b>%.1f Mbit/s</b>", s.path("required_bps").asDouble() / 1e6)));
        assertTrue(html.contains(Html.esc(s.path("required_formula").asText())));
        List<JsonNode> lines = new ArrayList<>();
        s.path("settings").path("sqlnet_ora").forEach(lines::add);
        s.path("settings").path("sysctl").forEach(lines::add);
        assertTrue(lines.size() >= 4, "sqlnet.ora and sysctl lines: " + lines);
        lines.forEach(l -> assertTrue(html.contains(Html.esc(l.asText()) + "\n"), l.asText()));
        JsonNode p = doc.path("params");
        assertTrue(html.contains(fmt("Peak redo %.1f MB/s", p.path("redo_rate_bytes_s").asDouble() / 1e6)));
        assertTrue(html.contains(fmt("Busiest interval mean %.1f MB/s",
                p.path("redo_highest_average_bytes_s").asDouble() / 1e6)));
    }

    /** Issue 39, point 8: the reverse pass's figures, the asymmetry and the one settings block, as the console has them. */
    @Test
    void bothDirectionsShowTheReversePassTheAsymmetryAndOneSettingsBlock() {
        JsonNode doc = bothDoc;
        String html = bothHtml;
        JsonNode both = doc.path("summary").path("both_directions");
        assertTrue(html.contains("Asymmetry (--both-directions): " + Html.esc(both.path("described").asText()) + "."),
                both.toString());
        assertTrue(html.contains("<h2>What was measured, primary to standby</h2>"));
        assertTrue(html.contains("<h2>What was measured, standby to primary (the standby's server sent)</h2>"));
        long forward = sendBuf(doc);
        long reverse = sendBuf(doc.path("reverse"));
        long shown = 0;
        for (JsonNode l : doc.path("summary").path("settings").path("sqlnet_ora")) {
            shown = l.asText().startsWith("SEND_BUF_SIZE=") ? Long.parseLong(l.asText().substring(14)) : shown;
        }
        assertEquals(Math.max(forward, reverse), shown, "one block, the larger need: " + both);
        assertTrue(html.contains("sized for the direction that needs the larger buffers ("
                + both.path("settings_from").asText().replace('_', ' ') + ")"));
        assertEquals(1, html.split("<h2>Settings to apply</h2>", -1).length - 1, "one settings block");
        assertTrue(doc.path("reverse").path("steps").size() >= 4, doc.path("reverse").toString());
        for (JsonNode pass : List.of(doc, doc.path("reverse"))) {
            pass.path("steps").forEach(st -> assertTrue(html.contains(stepRow(pass, st)), st.path("label") + ": "
                    + stepRow(pass, st)));
        }
        for (JsonNode v : doc.path("summary").path("verdicts")) {
            assertTrue(html.contains("<tr><td>" + Html.esc(v.path("name").asText()) + "</td>"), v.toString());
        }
    }

    /** The socket buffer a pass's document says it asked for (3 x its BDP): its settings' SEND_BUF_SIZE. */
    private static long sendBuf(JsonNode pass) {
        return pass.path("summary").path("buffers").path("requested").asLong(-1);
    }

    /**
     * The measured table's row for step {@code st} of {@code pass}, as the page writes it: the figure the console
     * prints, a stream step's on its steady half.
     */
    private static String stepRow(JsonNode pass, JsonNode st) {
        JsonNode r = st.path("result").path("summary");
        JsonNode lat = r.path("latency_ms");
        String step = st.path("step").asText();
        String figure = lat.isObject()
                ? fmt("round trip p50 %.3f / p99 %.3f ms", lat.path("p50").asDouble(), lat.path("p99").asDouble())
                : List.of("capacity", "default_buffers", "tuned_buffers").contains(step)
                        ? fmt("%.1f Mbit/s (steady half of the step)", pass.path("summary").path(step + "_bps")
                                .asDouble() / 1e6)
                        : fmt("%.1f Mbit/s", r.path("throughput_mib_s").asDouble() * 1.048576 * 8);
        return fmt("<tr><td>%s</td><td>%s</td>", Html.esc(st.path("label").asText()), figure);
    }

    @Test
    void eachStepsFigureIsItsResults() {
        assertEquals(7, doc.path("steps").size(), "round trip, 4 streams, 2 single streams, paced, 2 SYNC");
        for (JsonNode st : doc.path("steps")) {
            assertTrue(html.contains(stepRow(doc, st)), st.path("label") + ": " + stepRow(doc, st));
        }
    }

    @Test
    void theStandbyDiskAndTheChartsAreShown() {
        JsonNode disk = doc.path("standby_disk");
        assertEquals(5, disk.path("redo").size());
        for (JsonNode r : disk.path("redo")) {
            assertTrue(html.contains(fmt("<tr><td>%d B%s</td><td>%.3f</td><td>%.3f</td></tr>", r.path("size").asInt(),
                    r.path("direct").asBoolean() ? "" : " (buffered)", r.path("latency_ms").path("p50").asDouble(),
                    r.path("latency_ms").path("p99").asDouble())), r.toString());
        }
        for (JsonNode h : disk.path("redo_headroom")) {
            assertTrue(html.contains(fmt("at %.1f MB/s</td>", disk.path("redo_rate_bytes_s").asDouble() / 1e6))
                    && html.contains(h.path("keeps_up").asBoolean()
                            ? fmt("<b>%.0f %% busy</b> (%.1fx headroom; it writes %.1f MB/s at this size)",
                                    h.path("busy").asDouble() * 100, 1 / h.path("busy").asDouble(), h.path("mbps")
                                            .asDouble())
                            : fmt("what one writer writes at this size (%.1f MB/s)", h.path("mbps").asDouble())), h
                                    .toString());
        }
        for (String chart : List.of("single-stream", "sync-commit", "lag", "awr-redo", "awr-lag")) {
            assertTrue(Files.isRegularFile(dir.resolve("page").resolve(chart + ".png")), chart);
            assertTrue(html.contains("<a href=\"" + chart + ".svg\">SVG</a>"), chart);
        }
        assertTrue(html.contains(Format.readableSeconds(doc.path("summary").path("lag_projection").path("peak_lag_s")
                .asDouble())), "the projected peak lag");
        // five charts inline in one document: each id once, each reference to one of the same chart's ids (the first
        // chart's clipPath1 once clipped every later chart)
        Matcher ids = Pattern.compile(" id=\"([^\"]+)\"").matcher(html);
        Set<String> seen = new HashSet<>();
        while (ids.find()) {
            assertTrue(seen.add(ids.group(1)), "id " + ids.group(1) + " twice in the page");
        }
        Matcher refs = Pattern.compile("url\\(#([^)]+)\\)").matcher(html);
        int n = 0;
        for (; refs.find(); n++) {
            assertTrue(seen.contains(refs.group(1)), "url(#" + refs.group(1) + ") names no id");
        }
        assertTrue(n > 0 && seen.contains("sync-commit-clipPath1"), "the charts clip by their own paths: " + n);
    }
}
