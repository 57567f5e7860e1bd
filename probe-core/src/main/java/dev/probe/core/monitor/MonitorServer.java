package dev.probe.core.monitor;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import java.io.IOException;
import java.net.InetAddress;

/**
 * The monitor's {@code /metrics} endpoint: the official Prometheus client's HTTP server (Prometheus text or
 * OpenMetrics, by the scraper's Accept header) over the monitor's registry.
 */
public final class MonitorServer implements AutoCloseable {
    private final HTTPServer server;

    private MonitorServer(HTTPServer server) {
        this.server = server;
    }

    /** Listens on {@code address:port} (0 picks a free port). */
    public static MonitorServer start(MonitorMetrics metrics, InetAddress address, int port) throws IOException {
        return new MonitorServer(HTTPServer.builder().inetAddress(address).port(port).registry(metrics.registry())
                .buildAndStart());
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void close() {
        server.close();
    }
}
