package dev.probe.core.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.Target;
import dev.probe.core.testing.Await;
import dev.probe.core.testing.TestServers;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The monitor's port tried as an attacker would (issue 40, point 1), from 127.0.0.2 and up: slow connections do not
 * stop /metrics, /probe reaches no port but the probe server's, abandoned requests run no more checks than the
 * queue holds, and parallel stream requests for one standby make one stream.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class MonitorHardeningTest {
    /** One client for the test, as Prometheus keeps its connections (the monitor caps them per address). */
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    @TempDir
    Path dir;

    private static MonitorConfig config(Duration streamEvery, double dutyCap) {
        return new MonitorConfig(null, Duration.ofSeconds(30), streamEvery, dutyCap, 4096, Duration.ofMillis(500));
    }

    private static Target template(int port) {
        return new Target("127.0.0.1", port, Duration.ofSeconds(2), Duration.ofSeconds(3), null, null);
    }

    private static Socket connectFrom(String from, int port) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
        s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        return s;
    }

    @Test
    void metricsAnswerWithinASecondWhileFiftySlowConnectionsAreHeld() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try (MonitorServer http = MonitorServer.start(new MonitorMetrics(), InetAddress.getLoopbackAddress(), 0)) {
            for (int i = 0; i < 50; i++) {
                Socket s = connectFrom("127.0.0." + (2 + i % 3), http.port());
                s.getOutputStream().write("GET /metrics HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
                slow.add(s);
            }
            for (int i = 0; i < 5; i++) {
                long t0 = System.nanoTime();
                HttpResponse<String> r = get(http.port(), "/metrics", Duration.ofSeconds(5));
                double s = (System.nanoTime() - t0) / 1e9;
                assertEquals(200, r.statusCode());
                // not held behind them until their 5 s header deadline; 2.5 s tells the two apart at load 10
                assertTrue(s < 2.5, "/metrics in " + s + " s beside 50 slow connections");
            }
            Await.until(Duration.ofSeconds(10), "the slow ones closed at the 5 s header deadline from accept",
                    () -> slow.stream().allMatch(MonitorHardeningTest::closedByServer));
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
    }

    @Test
    void probeReachesNoPortButTheProbeServersAndAnswersAtOnce() throws Exception {
        try (MonitorServer http = MonitorServer.start(new MonitorMetrics(), InetAddress.getLoopbackAddress(), 0,
                config(Duration.ofSeconds(10), 0.1), template(5555),
                AllowedTargets.of("--allow-targets", List.of("127.0.0.0/8")), l -> {}, e -> {})) {
            for (int port : new int[] {22, 80, 5556, 9464}) {
                long t0 = System.nanoTime();
                HttpResponse<String> r = get(http.port(), "/probe?target=127.0.0.1:" + port, Duration.ofSeconds(5));
                assertEquals(403, r.statusCode(), r.body());
                assertTrue(r.body().contains("port " + port + " is not a probe server port this monitor checks "
                        + "([5555]"), r.body());
                // before any traffic: a probe would wait for its 10 s timeout on a port that is not a probe server's
                assertTrue(System.nanoTime() - t0 < 3_000_000_000L, "refused before any traffic");
            }
        }
    }

    @Test
    void threeHundredAbandonedRequestsRunNoMoreChecksThanTheQueueHolds() throws Exception {
        List<ServerSocket> silent = new ArrayList<>(); // 20 standbys that accept into their backlog, never answer
        List<ObjectNode> checks = new CopyOnWriteArrayList<>();
        try {
            silent.add(listen("127.0.1.1", 0));
            int port = silent.get(0).getLocalPort();
            for (int i = 2; i <= 20; i++) {
                silent.add(listen("127.0.1." + i, port));
            }
            try (MonitorServer http = MonitorServer.start(new MonitorMetrics(), InetAddress.getLoopbackAddress(), 0,
                    config(Duration.ofSeconds(10), 0.1), template(port),
                    AllowedTargets.of("--allow-targets", List.of("127.0.0.0/8")), l -> {}, checks::add)) {
                List<Socket> requests = new ArrayList<>();
                for (int i = 0; i < 300; i++) {
                    Socket s = connectFrom("127.0.0." + (2 + i % 3), http.port());
                    s.getOutputStream().write(("GET /probe?target=127.0.1." + (1 + i % 20) + ":" + port
                            + " HTTP/1.1\r\nHost: x\r\nX-Prometheus-Scrape-Timeout-Seconds: 30\r\n\r\n")
                                    .getBytes(StandardCharsets.US_ASCII));
                    requests.add(s);
                }
                Thread.sleep(500); // the requesters wait half a second, then leave
                int answered = 0;
                for (Socket s : requests) {
                    answered += s.getInputStream().available() > 0 ? 1 : 0; // 503 at once
                }
                for (Socket s : requests) {
                    s.close();
                }
                assertTrue(answered > 0, "requests beyond the queue are told busy at once");
                Await.until(Duration.ofSeconds(10), "the running checks stopped when their requesters left",
                        () -> checks.size() >= 1);
                Thread.sleep(3000); // a queued check that was not dropped would start and end within this
                assertTrue(checks.size() <= CheckQueue.RUNNING, "checks run for 300 abandoned requests: "
                        + checks.size() + " " + checks);
            }
        } finally {
            for (ServerSocket s : silent) {
                s.close();
            }
        }
    }

    private static ServerSocket listen(String address, int port) throws IOException {
        ServerSocket s = new ServerSocket();
        s.bind(new InetSocketAddress(address, port), 1024);
        return s;
    }

    @Test
    void parallelStreamRequestsForOneStandbyMakeOneStream() throws Exception {
        ProbeServer server = ProbeServer.start(TestServers.loopback(dir), l -> {});
        List<ObjectNode> checks = new CopyOnWriteArrayList<>();
        try (server;
             MonitorServer http = MonitorServer.start(new MonitorMetrics(), InetAddress.getLoopbackAddress(),
                     0, config(Duration.ofSeconds(20), 0.05), template(server.address().getPort()),
                     AllowedTargets.of("--allow-targets", List.of("127.0.0.1")), l -> {}, checks::add)) {
            String path = "/probe?target=127.0.0.1:" + server.address().getPort() + "&module=stream";
            List<CompletableFuture<HttpResponse<String>>> four = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                four.add(HTTP.sendAsync(request(http.port(), path, Duration.ofSeconds(20)),
                        HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> r : four) {
                assertEquals(200, r.get(30, TimeUnit.SECONDS).statusCode());
            }
            assertEquals(200, get(http.port(), path, Duration.ofSeconds(20)).statusCode());
            assertEquals(1, checks.size(), "one 1 s stream for five requests within the duty cap's 20 s: " + checks);
        }
    }

    private static boolean closedByServer(Socket s) {
        try {
            s.setSoTimeout(20);
            return s.getInputStream().read() == -1;
        } catch (SocketTimeoutException open) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    private static HttpRequest request(int port, String path, Duration timeout) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("X-Prometheus-Scrape-Timeout-Seconds", "10").timeout(timeout).build();
    }

    private static HttpResponse<String> get(int port, String path, Duration timeout) throws Exception {
        return HTTP.send(request(port, path, timeout), HttpResponse.BodyHandlers.ofString());
    }
}
