package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.DoublePredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26 with the real parts: Debian's Prometheus scrapes a running {@code probe monitor} (its own schedule and the
 * multi-target /probe form) with the bundle's rules loaded; the series read back through Prometheus's HTTP query
 * API match the monitor's own log; the server killed under the monitor shows in Prometheus as a failing check while
 * the monitor keeps serving. promtool checks the exposition, the rules file and the rules' unit tests.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class MonitorPrometheusIT {
    private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");
    private static final Pattern LISTENING = Pattern.compile("msg=\"Listening on\" address=127\\.0\\.0\\.1:(\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    @TempDir
    Path dir;

    private static Path root() {
        return Path.of(System.getProperty("probe.root", ".."));
    }

    static Path rules() {
        return root().resolve("probe-cli/src/bundle/share/prometheus/dgprobe-rules.yml");
    }

    @Test
    void prometheusScrapesTheMonitorAndReadsBackWhatItLogged() throws Exception {
        assumeTrue(Files.isExecutable(PROMETHEUS), "Debian's prometheus is not installed (.ci/run installs it)");
        try (ProbeProcess server = ProbeProcess.loopbackServer(dir)) {
            int port = server.awaitServerPort();
            Path baseline = dir.resolve("qualify.json");
            // a qualification of this server that asked for 1 TB/s of redo at a 1 s commit budget: SYNC passes on
            // loopback (a 50 ms one read MARGINAL once, on a CI machine busy with three other test JVMs), ASYNC cannot
            Files.writeString(baseline, String.format(Locale.ROOT,
                    "{\"schema\":\"probe.result/1\",\"kind\":\"qualify\","
                            + "\"started_at\":\"2026-11-24T10:00:00Z\",\"params\":{\"host\":\"127.0.0.1\",\"port\":%d,"
                            + "\"redo_rate_bytes_s\":1e12,\"redo_write_sizes\":[16384],\"commit_budget_ms\":1000,"
                            + "\"local_log_write_ms\":0},\"summary\":{\"overall\":\"FAIL\",\"required_bps\":1.2e13,"
                            + "\"verdicts\":[{\"name\":\"ASYNC\",\"status\":\"FAIL\",\"reasons\":[]}]}}", port));
            try (ProbeProcess monitor = ProbeProcess.start("monitor", "127.0.0.1", "--port", "" + port, "--every", "1s",
                    "--sync-length", "300ms", "--stream-every", "3s", "--duty-cap", "0.2", "--listen", "127.0.0.1:0",
                    "--baseline", baseline.toString())) {
                int mport = Integer.parseInt(monitor.awaitMatch(
                        Pattern.compile("metrics at http://127\\.0\\.0\\.1:(\\d+)/metrics"), ProbeProcess.PROGRESS_MS));
                Path config = dir.resolve("prometheus.yml");
                Files.writeString(config, String.join("\n",
                        "global: {scrape_interval: 1s, evaluation_interval: 1s}",
                        "rule_files: ['" + rules().toAbsolutePath() + "']",
                        "scrape_configs:",
                        "  - job_name: dgprobe",
                        "    static_configs: [{targets: ['127.0.0.1:" + mport + "']}]",
                        "  - job_name: dgprobe-sync",
                        "    metrics_path: /probe",
                        "    params: {module: [sync]}",
                        "    scrape_interval: 3s",
                        "    scrape_timeout: 3s",
                        "    static_configs: [{targets: ['127.0.0.1:" + port + "']}]",
                        "    relabel_configs:",
                        "      - {source_labels: [__address__], target_label: __param_target}",
                        "      - {source_labels: [__param_target], target_label: instance}",
                        "      - {target_label: __address__, replacement: '127.0.0.1:" + mport + "'}",
                        ""));
                Path log = dir.resolve("prometheus.log");
                Process prometheus = new ProcessBuilder(PROMETHEUS.toString(), "--config.file=" + config,
                        "--storage.tsdb.path=" + dir.resolve("tsdb"), "--web.listen-address=127.0.0.1:0")
                                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
                try {
                    String base = "http://127.0.0.1:" + awaitLine(log, LISTENING, prometheus);
                    awaitReady(base);
                    String api = base + "/api/v1/";
                    String standby = "standby=\"127.0.0.1:" + port + "\"";
                    awaitValue(api, "dgprobe_checks_total{job=\"dgprobe\",check=\"sync\",result=\"ok\"}", v -> v >= 3);
                    awaitValue(api, "dgprobe_checks_total{job=\"dgprobe\",check=\"stream\",result=\"ok\"}",
                            v -> v >= 1);

                    double p50 = value(api,
                            "dgprobe_sync_round_trip_percentile_seconds{job=\"dgprobe\",percentile=\"50\","
                                    + standby + "}");
                    String logged = String.format(Locale.ROOT, "p50 %.3f / p99", p50 * 1000);
                    assertTrue(monitor.stdout().lines().anyMatch(l -> l.contains("sync 127.0.0.1:" + port + ": ")
                            && l.contains(logged)), "Prometheus's p50 " + p50 + " s is a p50 the monitor logged ("
                                    + logged + "):\n" + monitor.stdout());
                    double ok = value(api, "dgprobe_checks_total{job=\"dgprobe\",check=\"sync\",result=\"ok\"}");
                    long lines = monitor.stdout().lines().filter(l -> l.contains(") sync 127.0.0.1:" + port + ": "))
                            .count();
                    assertTrue(ok <= lines, "no more checks counted (" + ok + ") than logged (" + lines + ")");
                    double mbit = value(api, "dgprobe_stream_throughput_bytes_per_second{job=\"dgprobe\"}") * 8 / 1e6;
                    String loggedRate = String.format(Locale.ROOT, "stream 127.0.0.1:%d: %.1f Mbit/s", port, mbit);
                    assertTrue(monitor.printed(loggedRate), loggedRate + " in the log:\n" + monitor.stdout());

                    // awaited, not read once: a check that fails or overruns drops its verdict until the next one ends
                    // (MonitorMetrics.forget), and in a fresh-clone run (106) SYNC's was gone when read
                    awaitValue(api, "dgprobe_verdict_status{job=\"dgprobe\",verdict=\"SYNC\"}", v -> v == 0);
                    awaitValue(api, "dgprobe_verdict_status{job=\"dgprobe\",verdict=\"ASYNC\"}", v -> v == 2);
                    awaitValue(api, "dgprobe_check_up{job=\"dgprobe-sync\",instance=\"127.0.0.1:" + port + "\"}",
                            v -> v == 1);
                    JsonNode rules = get(api + "rules").path("data").path("groups").path(0);
                    assertEquals("dgprobe", rules.path("name").asText(), rules.toString());
                    rules.path("rules").forEach(r -> assertEquals("ok", r.path("health").asText(), r.toString()));
                    awaitAlert(api, "DgprobeLagGrowing");

                    server.kill();
                    awaitValue(api, "dgprobe_check_up{job=\"dgprobe\",check=\"sync\"}", v -> v == 0);
                    awaitValue(api, "dgprobe_checks_total{job=\"dgprobe\",check=\"sync\",result=\"failed\"}",
                            v -> v >= 1);
                    assertTrue(monitor.alive(), "the monitor outlives its standby's server");
                    assertTrue(monitor.printed("sync check of 127.0.0.1:" + port + " failed: "), monitor.stdout());
                } finally {
                    prometheus.destroy();
                    if (!prometheus.waitFor(10, TimeUnit.SECONDS)) {
                        prometheus.destroyForcibly();
                    }
                }
            }
        }
    }

    @Test
    void promtoolPassesTheExpositionTheRulesAndTheirUnitTests() throws Exception {
        assumeTrue(Files.isExecutable(PROMTOOL), "Debian's prometheus (promtool) is not installed");
        String checked = promtool(null, "check", "rules", rules().toString());
        assertTrue(checked.contains("SUCCESS: 9 rules found") && !checked.contains("WARN"), checked);
        promtool(null, "test", "rules",
                root().resolve("probe-cli/src/test/resources/prometheus/dgprobe-rules-test.yml").toString());
        try (ProbeProcess server = ProbeProcess.loopbackServer(dir);
             ProbeProcess monitor = startMonitor(server.awaitServerPort(), dir.resolve("checks.jsonl"))) {
            int mport = Integer.parseInt(monitor.awaitMatch(
                    Pattern.compile("metrics at http://127\\.0\\.0\\.1:(\\d+)/metrics"), ProbeProcess.PROGRESS_MS));
            monitor.awaitMatch(Pattern.compile("(stream 127.0.0.1:\\d+: )"), ProbeProcess.PROGRESS_MS);
            for (String accept : List.of("text/plain", "application/openmetrics-text; version=1.0.0")) {
                String text = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + mport + "/metrics"))
                        .header("Accept", accept).timeout(Duration.ofSeconds(10)).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                assertTrue(text.contains("dgprobe_sync_round_trip_seconds_bucket"), text);
                if (accept.equals("text/plain")) {
                    assertEquals("", promtool(text, "check", "metrics").strip(),
                            "promtool check metrics: no lint findings");
                }
            }
            List<JsonNode> events = JsonStreamIT.parse(Files.readString(dir.resolve("checks.jsonl")));
            assertEquals("monitor", events.get(0).at("/data/kind").asText());
            assertTrue(events.stream().anyMatch(e -> e.path("event").asText().equals("check")
                    && e.at("/data/check").asText().equals("stream") && e.at("/data/throughput_bytes_s")
                            .asDouble() > 0),
                    events.toString());
        }
    }

    private ProbeProcess startMonitor(int port, Path events) throws IOException {
        return ProbeProcess.start("monitor", "127.0.0.1", "--port", "" + port, "--every", "1s", "--sync-length",
                "300ms", "--stream-every", "2s", "--duty-cap", "0.25", "--listen", "127.0.0.1:0", "--json-stream",
                events.toString());
    }

    /** Runs promtool, feeding {@code stdin}; asserts exit 0 and returns its output. */
    private String promtool(String stdin, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(PROMTOOL.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool ended");
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
        return out;
    }

    private static String awaitLine(Path log, Pattern pattern, Process process) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            Matcher m = pattern.matcher(Files.exists(log) ? Files.readString(log) : "");
            if (m.find()) {
                return m.group(1);
            }
            assertTrue(process.isAlive(), "prometheus exited:\n" + Files.readString(log));
            Thread.sleep(100);
        }
        throw new AssertionError("prometheus never said where it listens:\n" + Files.readString(log));
    }

    /**
     * Prometheus listens before its storage is up and answers queries 503 until then (run 31, on a loaded host):
     * its readiness endpoint says when (up to 60 s).
     */
    private static void awaitReady(String base) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        int status = 0;
        while (System.nanoTime() < end) {
            status = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/-/ready")).timeout(Duration.ofSeconds(10))
                    .build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status == 200) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError(base + "/-/ready answered " + status + " for 60 s");
    }

    private static JsonNode get(String url) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), url + ": " + r.body());
        return JSON.readTree(r.body());
    }

    /** The instant query's single value, NaN when it has none. */
    private static double value(String api, String query) throws Exception {
        JsonNode result = get(api + "query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8))
                .path("data").path("result");
        return result.size() == 1 ? result.get(0).path("value").path(1).asDouble(Double.NaN) : Double.NaN;
    }

    private static void awaitValue(String api, String query, DoublePredicate ok)
            throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        double v = Double.NaN;
        while (System.nanoTime() < end) {
            v = value(api, query);
            if (!Double.isNaN(v) && ok.test(v)) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError(query + " in Prometheus stayed at " + v);
    }

    private static void awaitAlert(String api, String name) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        JsonNode alerts = null;
        while (System.nanoTime() < end) {
            alerts = get(api + "alerts").path("data").path("alerts");
            for (JsonNode a : alerts) {
                if (name.equals(a.path("labels").path("alertname").asText())) {
                    return;
                }
            }
            Thread.sleep(250);
        }
        throw new AssertionError(name + " never pending or firing: " + alerts);
    }
}
