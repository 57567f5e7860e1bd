package dev.probe.core.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.testing.Await;
import dev.probe.core.testing.TestServers;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26 on loopback: a monitor on a fast schedule against a real server, scraped over HTTP; the server killed
 * under it (checks fail and are counted, /metrics keeps answering), then a server back on the same port (checks
 * resume).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class MonitorLoopbackTest {
    /** One client for the test, as Prometheus keeps its connections (the monitor caps them per address). */
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    @TempDir
    Path dir;

    @Test
    void checksAreScrapedAndACutIsCountedAndSurvived() throws Exception {
        ProbeServer server = ProbeServer.start(TestServers.loopback(dir), l -> {});
        int port = server.address().getPort();
        Target t = new Target("127.0.0.1", port, Duration.ofSeconds(2), Duration.ofSeconds(3), null, null);
        MonitorConfig c = new MonitorConfig(t, Duration.ofSeconds(1), Duration.ofSeconds(3), 0.2, 32 << 10,
                Duration.ofMillis(300));
        MonitorMetrics metrics = new MonitorMetrics();
        List<String> log = new CopyOnWriteArrayList<>();
        RunStop stop = new RunStop();
        Thread runner = runner(new Monitor(c, metrics, log::add), stop);
        ProbeServer again = null;
        try (MonitorServer http = MonitorServer.start(metrics, InetAddress.getLoopbackAddress(), 0)) {
            runner.start();
            String standby = "standby=\"127.0.0.1:" + port + "\"";
            awaitAtLeast(http, "dgprobe_checks_total\\{check=\"sync\",result=\"ok\"," + standby + "\\}", 2);
            awaitAtLeast(http, "dgprobe_checks_total\\{check=\"stream\",result=\"ok\"," + standby + "\\}", 1);
            String text = scrape(http, "text/plain");
            assertTrue(value(text, "dgprobe_sync_round_trip_seconds_count\\{" + standby + "\\}") > 10, text);
            assertTrue(value(text, "dgprobe_stream_throughput_bytes_per_second\\{" + standby + "\\}") > 1e6, text);
            assertTrue(scrape(http, "application/openmetrics-text; version=1.0.0").trim().endsWith("# EOF"),
                    "OpenMetrics by content negotiation");

            server.close();
            awaitAtLeast(http, "dgprobe_checks_total\\{check=\"sync\",result=\"failed\"," + standby + "\\}", 1);
            assertTrue(value(scrape(http, "text/plain"), "dgprobe_check_up\\{check=\"sync\"," + standby + "\\}") == 0);
            assertTrue(log.stream().anyMatch(l -> l.startsWith("sync check of 127.0.0.1:" + port + " failed: ")), log
                    .toString());

            again = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", port,
                    dir.resolve("f2"), null), l -> {});
            double ok = value(scrape(http, "text/plain"), "dgprobe_checks_total\\{check=\"sync\",result=\"ok\","
                    + standby + "\\}");
            awaitAtLeast(http, "dgprobe_checks_total\\{check=\"sync\",result=\"ok\"," + standby + "\\}", ok + 1);
        } finally {
            stop.request("test over");
            runner.join(10_000);
            server.close();
            if (again != null) {
                again.close();
            }
        }
    }

    @Test
    void probeRunsOneCheckPerScrapeForAllowedTargetsOnly() throws Exception {
        ProbeServer server = ProbeServer.start(TestServers.loopback(dir), l -> {});
        int port = server.address().getPort();
        Target template = new Target("127.0.0.1", port, Duration.ofSeconds(2), Duration.ofSeconds(3), null, null);
        MonitorConfig c = new MonitorConfig(null, Duration.ofSeconds(1), Duration.ofSeconds(10), 0.1, 4096,
                Duration.ofMillis(500));
        List<String> log = new CopyOnWriteArrayList<>();
        try (server;
             MonitorServer http = MonitorServer.start(new MonitorMetrics(), InetAddress.getLoopbackAddress(),
                     0, c, template, AllowedTargets.of("--allow-targets", List.of("127.0.0.0/8")), log::add, e -> {})) {
            String standby = "standby=\"127.0.0.1:" + port + "\"";
            HttpResponse<String> sync = get(http, "/probe?target=127.0.0.1:" + port + "&module=sync");
            assertEquals(200, sync.statusCode(), sync.body());
            assertEquals(1, value(sync.body(), "dgprobe_check_up\\{check=\"sync\"," + standby + "\\}"), sync.body());
            assertTrue(value(sync.body(), "dgprobe_sync_round_trip_seconds_count\\{" + standby + "\\}") > 10,
                    sync.body());
            assertTrue(Double.isNaN(value(sync.body(), "dgprobe_checks_total\\{check=\"stream\",result=\"ok\","
                    + standby + "\\}")), "one check per scrape");

            HttpResponse<String> stream = get(http, "/probe?target=127.0.0.1:" + port + "&module=stream");
            assertTrue(value(stream.body(), "dgprobe_stream_throughput_bytes_per_second\\{" + standby + "\\}") > 1e6,
                    stream.body());
            String when = "dgprobe_check_last_timestamp_seconds\\{check=\"stream\"," + standby + "\\}";
            HttpResponse<String> again = get(http, "/probe?target=127.0.0.1:" + port + "&module=stream");
            assertEquals(value(stream.body(), when), value(again.body(), when),
                    "a stream scrape within the duty cap answers with the last check, not a new one");

            HttpResponse<String> refused = get(http, "/probe?target=192.0.2.1:5555");
            assertEquals(403, refused.statusCode());
            assertTrue(refused.body().contains("--allow-targets 127.0.0.0/8"), refused.body());
            assertEquals(400, get(http, "/probe?target=127.0.0.1:" + port + "&module=ping").statusCode());
            assertEquals(400, get(http, "/probe?module=sync").statusCode());
            assertEquals(400, get(http, "/probe?target=127.0.0.1:99999").statusCode());

            HttpResponse<String> otherPort = get(http, "/probe?target=127.0.0.1:22");
            assertEquals(403, otherPort.statusCode(), "no port but the probe server's: not a port scanner");
            assertTrue(otherPort.body().contains("port 22 is not a probe server port"), otherPort.body());

            server.close();
            // within --every (1 s) a SYNC scrape gets the last check's series; then a check of its own, which fails
            Await.until(Duration.ofSeconds(10), "a failed check is a series (200), as the blackbox exporter's", () -> {
                HttpResponse<String> down = get(http, "/probe?target=127.0.0.1:" + port);
                return down.statusCode() == 200
                        && value(down.body(), "dgprobe_check_up\\{check=\"sync\"," + standby + "\\}") == 0;
            });
        }
    }

    @Test
    void aHostThatNeverAnswersKeepsMetricsServedWithTheFailureVisible() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // accepts into its backlog and never says a word: connect succeeds, HELLO is never answered
            int port = silent.getLocalPort();
            Target t = new Target("127.0.0.1", port, Duration.ofSeconds(1), Duration.ofSeconds(1), null, null);
            MonitorConfig c = new MonitorConfig(t, Duration.ofSeconds(1), Duration.ofSeconds(60), 0.01, 4096,
                    Duration.ofMillis(300));
            MonitorMetrics metrics = new MonitorMetrics();
            RunStop stop = new RunStop();
            Thread runner = runner(new Monitor(c, metrics, line -> {}), stop);
            try (MonitorServer http = MonitorServer.start(metrics, InetAddress.getLoopbackAddress(), 0)) {
                runner.start();
                String standby = "standby=\"127.0.0.1:" + port + "\"";
                awaitAtLeast(http, "dgprobe_checks_total\\{check=\"sync\",result=\"failed\"," + standby + "\\}", 3);
                String text = scrape(http, "text/plain");
                assertEquals(0, value(text, "dgprobe_check_up\\{check=\"sync\"," + standby + "\\}"), text);
                assertTrue(Double.isNaN(value(text, "dgprobe_checks_total\\{check=\"sync\",result=\"ok\","
                        + standby + "\\}")), text);
            } finally {
                stop.request("test over");
                runner.join(10_000);
            }
            assertFalse(runner.isAlive(), "the monitor stops while a check waits on a silent host");
        }
    }

    @Test
    void aBaselineJudgesEachCheckAsQualifyDid() throws Exception {
        ProbeServer server = ProbeServer.start(TestServers.loopback(dir), l -> {});
        int port = server.address().getPort();
        Path q = dir.resolve("qualify.json");
        Files.writeString(q, BaselineTest.qualifyJson("127.0.0.1", port, 50, 1e12));
        Baseline b = Baseline.read(q);
        Target t = new Target("127.0.0.1", port, Duration.ofSeconds(2), Duration.ofSeconds(3), null, null);
        MonitorConfig c = new MonitorConfig(t, Duration.ofSeconds(1), Duration.ofSeconds(2), 0.25, 4096,
                Duration.ofMillis(300), List.of(b));
        MonitorMetrics metrics = new MonitorMetrics();
        RunStop stop = new RunStop();
        Thread runner = runner(new Monitor(c, metrics, line -> {}), stop);
        try (server; MonitorServer http = MonitorServer.start(metrics, InetAddress.getLoopbackAddress(), 0)) {
            runner.start();
            String standby = "standby=\"127.0.0.1:" + port + "\"";
            awaitAtLeast(http, "dgprobe_checks_total\\{check=\"stream\",result=\"ok\"," + standby + "\\}", 1);
            String text = scrape(http, "text/plain");
            assertEquals(0.05, value(text, "dgprobe_threshold_commit_budget_seconds\\{" + standby + "\\}"), 1e-9);
            assertEquals(Baseline.PASS, value(text, "dgprobe_verdict_status\\{" + standby + ",verdict=\"SYNC\"\\}"),
                    "loopback round trips fit a 50 ms budget:\n" + text);
            assertEquals(Baseline.FAIL, value(text, "dgprobe_verdict_status\\{" + standby + ",verdict=\"ASYNC\"\\}"),
                    "no loopback stream carries 1 TB/s of redo:\n" + text);
            assertTrue(value(text, "dgprobe_lag_growth_seconds_per_second\\{" + standby + "\\}") > 0.9, text);

            // issue 39, point 10: a standby whose checks all fail keeps no verdict standing from its last good check
            server.close();
            awaitAtLeast(http, "dgprobe_checks_total\\{check=\"sync\",result=\"failed\"," + standby + "\\}", 1);
            awaitAtLeast(http, "dgprobe_checks_total\\{check=\"stream\",result=\"failed\"," + standby + "\\}", 1);
            String down = scrape(http, "text/plain");
            assertTrue(Double.isNaN(value(down, "dgprobe_verdict_status\\{" + standby + ",verdict=\"SYNC\"\\}")), down);
            assertTrue(Double.isNaN(value(down, "dgprobe_verdict_status\\{" + standby + ",verdict=\"ASYNC\"\\}")),
                    down);
            assertTrue(Double.isNaN(value(down, "dgprobe_lag_growth_seconds_per_second\\{" + standby + "\\}")), down);
            assertEquals(0, value(down, "dgprobe_check_up\\{check=\"stream\"," + standby + "\\}"), down);
        } finally {
            stop.request("test over");
            runner.join(10_000);
        }
    }

    /** A thread that runs {@code monitor} until {@code stop} (not started). */
    private static Thread runner(Monitor monitor, RunStop stop) {
        return new Thread(() -> {
            try {
                monitor.run(stop);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private static HttpResponse<String> get(MonitorServer http, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port()
                + path)).header("X-Prometheus-Scrape-Timeout-Seconds", "8").timeout(Duration.ofSeconds(15)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static void awaitAtLeast(MonitorServer http, String series, double min) throws Exception {
        Await.until(Duration.ofSeconds(20), series + " reaches " + min,
                () -> value(scrape(http, "text/plain"), series) >= min);
    }

    private static String scrape(MonitorServer http, String accept) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + http.port() + "/metrics")).header("Accept", accept).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
        return r.body();
    }

    private static double value(String text, String series) {
        Matcher m = Pattern.compile("(?m)^" + series + " (\\S+)").matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }
}
