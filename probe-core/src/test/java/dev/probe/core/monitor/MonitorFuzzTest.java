package dev.probe.core.monitor;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.Target;
import dev.probe.core.server.HttpGuard;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzes the monitor's HTTP port as its pipeline has it (codec, bounded body, the routes: /metrics through the
 * Prometheus client's scrape handler, /probe's parameters, allow list, port check and queue) with arbitrary bytes.
 * A finding is an exception that reaches the end of the pipeline or one the routes log instead of answering: bad
 * requests must get a 4xx naming what is wrong. /probe checks go to a port nothing listens on (they fail at once).
 */
class MonitorFuzzTest {
    private static int closedPort;

    @BeforeAll
    static void port() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
    }

    @FuzzTest(maxDuration = "5m")
    void httpRequests(byte[] input) {
        List<String> log = new CopyOnWriteArrayList<>();
        Target template = new Target("127.0.0.1", closedPort, Duration.ofSeconds(1), Duration.ofSeconds(1), null, null);
        MonitorConfig config = new MonitorConfig(null, Duration.ofSeconds(5), Duration.ofSeconds(10), 0.1, 4096,
                Duration.ofMillis(200));
        try (ProbeEndpoint probe = new ProbeEndpoint(template, AllowedTargets.of("--allow-targets",
                List.of("127.0.0.0/8")), config, log::add, e -> {})) {
            EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec(4096, 8192, 8192),
                    new HttpObjectAggregator(1024), new MonitorHandler(new HttpGuard(4, 4, 4, Duration.ofSeconds(5),
                            "monitor", log::add), new MonitorMetrics().registry(), probe, "probe monitor", log::add));
            try {
                ch.writeInbound(Unpooled.wrappedBuffer(input));
                ch.runPendingTasks();
                ch.checkException();
            } finally {
                ch.finishAndReleaseAll();
            }
        }
        for (String line : log) {
            if (line.startsWith("monitor HTTP: ") || line.startsWith("/probe: could not answer")) {
                throw new IllegalStateException("not answered: " + line);
            }
        }
    }
}
