package dev.probe.core.monitor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.Target;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The monitor's HTTP endpoint: {@code /metrics} (the schedule's series through the official Prometheus client's
 * handler: Prometheus text or OpenMetrics by the scraper's Accept header), {@code /probe} (one check per scrape,
 * {@link ProbeEndpoint}) and a line at {@code /} saying so.
 */
public final class MonitorServer implements AutoCloseable {
    /** Scrapes served at once; /probe scrapes hold a thread for their check. */
    static final int THREADS = 16;
    private final HttpServer server;
    private final ExecutorService executor;
    private final ProbeEndpoint probe;

    private MonitorServer(HttpServer server, ExecutorService executor, ProbeEndpoint probe) {
        this.server = server;
        this.executor = executor;
        this.probe = probe;
    }

    /** {@code /metrics} alone on {@code address:port} (0 picks a free port). */
    public static MonitorServer start(MonitorMetrics metrics, InetAddress address, int port) throws IOException {
        return start(metrics, address, port, null, null, null, line -> { }, event -> { });
    }

    /**
     * {@code /metrics} and, when {@code allowed} is given, {@code /probe} for those targets, reached as
     * {@code template} is (its host and port replaced by each scrape's target).
     */
    public static MonitorServer start(MonitorMetrics metrics, InetAddress address, int port, MonitorConfig config,
                                      Target template, AllowedTargets allowed, Consumer<String> log,
                                      Consumer<ObjectNode> events) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 64);
        AtomicInteger n = new AtomicInteger();
        ExecutorService executor = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "monitor-http-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/metrics", new MetricsHandler(metrics.registry()));
        boolean multi = allowed != null;
        ProbeEndpoint probe = multi ? new ProbeEndpoint(template, allowed, config, log, events) : null;
        if (multi) {
            server.createContext("/probe", probe);
        }
        server.createContext("/", exchange -> {
            try (exchange) {
                ProbeEndpoint.reply(exchange, exchange.getRequestURI().getPath().equals("/") ? 200 : 404,
                        "probe monitor: /metrics" + (multi ? ", /probe?target=HOST:PORT&module=sync|stream (targets "
                                + "in --allow-targets " + allowed + ")" : ""));
            }
        });
        server.start();
        return new MonitorServer(server, executor, probe);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        if (probe != null) {
            probe.close();
        }
    }
}
