package dev.probe.core.monitor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.testing.TestServers;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MonitorLoopbackTest {
    @TempDir
    Path dir;

    @Test
    void checksAreScrapedAndACutIsCountedAndSurvived() throws Exception {
        ProbeServer server = ProbeServer.start(TestServers.loopback(dir), l -> { });
        int port = server.address().getPort();
        Target t = new Target("127.0.0.1", port, Duration.ofSeconds(2), Duration.ofSeconds(3), null, null);
        MonitorConfig c = new MonitorConfig(t, Duration.ofSeconds(1), Duration.ofSeconds(3), 0.2, 32 << 10,
                Duration.ofMillis(300));
        MonitorMetrics metrics = new MonitorMetrics();
        List<String> log = new CopyOnWriteArrayList<>();
        RunStop stop = new RunStop();
        Thread runner = new Thread(() -> {
            try {
                new Monitor(c, metrics, log::add).run(stop);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
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
            assertTrue(log.stream().anyMatch(l -> l.startsWith("sync check failed: ")), log.toString());

            again = ProbeServer.start(dev.probe.core.server.ServerConfig.defaults().forLoopback("127.0.0.1", port,
                    dir.resolve("f2"), null), l -> { });
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

    private static void awaitAtLeast(MonitorServer http, String series, double min) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        String text = "";
        while (System.nanoTime() < deadline) {
            text = scrape(http, "text/plain");
            if (value(text, series) >= min) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(series + " never reached " + min + ":\n" + text);
    }

    private static String scrape(MonitorServer http, String accept) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + http.port() + "/metrics")).header("Accept", accept).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
        return r.body();
    }

    private static double value(String text, String series) {
        Matcher m = Pattern.compile("(?m)^" + series + " (\\S+)").matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }
}
