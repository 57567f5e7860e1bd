package dev.probe.core.monitor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.HostPort;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.error.UsageException;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code /probe?target=HOST:PORT&module=sync|stream}: Prometheus's multi-target exporter pattern (as the blackbox
 * and iperf3 exporters). Each scrape runs one check against the target, within the scrape's timeout, and answers
 * with that check's series alone. Only targets in the allow list are probed (403 otherwise: an open /probe would
 * send traffic wherever asked); a stream check comes at most as often as the duty cap allows per target, a scrape
 * sooner gets the last stream check's series again (its {@code dgprobe_check_last_timestamp_seconds} says when).
 */
final class ProbeEndpoint implements HttpHandler, AutoCloseable {
    /** The scrape timeout when Prometheus does not send one (its own default). */
    static final double DEFAULT_SCRAPE_TIMEOUT_S = 10;
    /** What the connect, handshake and result exchange need beside the check itself. */
    static final Duration MARGIN = Duration.ofMillis(1500);
    private static final int MAX_REMEMBERED = 256;
    private final Target template;
    private final AllowedTargets allowed;
    private final MonitorConfig config;
    private final Consumer<String> log;
    private final Consumer<ObjectNode> events;
    private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "probe-deadlines");
        t.setDaemon(true);
        return t;
    });
    /** Each target's last stream check: when it ended and its series (least recently used dropped). */
    private final Map<String, Last> lastStream = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Last> eldest) {
            return size() > MAX_REMEMBERED;
        }
    };

    private record Last(long endNanos, MonitorMetrics metrics) {
    }

    ProbeEndpoint(Target template, AllowedTargets allowed, MonitorConfig config, Consumer<String> log,
                  Consumer<ObjectNode> events) {
        this.events = events;
        this.template = template;
        this.allowed = allowed;
        this.config = config;
        this.log = log;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, String> q = query(exchange.getRequestURI().getRawQuery());
            String target = q.get("target");
            String module = q.getOrDefault("module", "sync");
            if (target == null || target.isBlank()) {
                reply(exchange, 400, "target parameter is missing (e.g. /probe?target=standby1:5555&module=sync)");
                return;
            }
            if (!module.equals("sync") && !module.equals("stream")) {
                reply(exchange, 400, "module '" + module + "' is unknown: sync or stream");
                return;
            }
            Target t;
            try {
                t = parse(target);
            } catch (IllegalArgumentException e) {
                reply(exchange, 400, e.getMessage());
                return;
            }
            String refusal = allowed.refusal(t.host());
            if (refusal != null) {
                reply(exchange, 403, refusal);
                return;
            }
            MonitorMetrics metrics = probe(t, module.equals("stream"), scrapeTimeout(exchange));
            new MetricsHandler(metrics.registry()).handle(exchange);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private MonitorMetrics probe(Target t, boolean stream, Duration timeout) throws InterruptedException {
        String standby = t.hostPort();
        Duration room = timeout.minus(MARGIN);
        Duration length = stream ? config.streamLength() : config.syncLength();
        length = length.compareTo(room) > 0 ? room : length;
        length = length.compareTo(MonitorConfig.MIN_SYNC_LENGTH) < 0 ? MonitorConfig.MIN_SYNC_LENGTH : length;
        if (stream) {
            synchronized (lastStream) {
                Last last = lastStream.get(standby);
                long gap = Math.round(length.toNanos() / config.dutyCap());
                if (last != null && System.nanoTime() - last.endNanos() < gap) {
                    return last.metrics();
                }
            }
        }
        MonitorMetrics metrics = new MonitorMetrics();
        Baseline baseline = config.baselineFor(standby);
        if (baseline != null) {
            metrics.thresholds(standby, baseline);
        }
        RunStop stop = new RunStop();
        var deadline = deadlines.schedule(() -> stop.request("the scrape's timeout is near"),
                timeout.toMillis() - 500, TimeUnit.MILLISECONDS);
        try {
            new Check(stream ? Check.Kind.STREAM : Check.Kind.SYNC, t, length, config.writeSize(), baseline)
                    .run(metrics, stop, log, events);
        } finally {
            deadline.cancel(false);
        }
        if (stream) {
            synchronized (lastStream) {
                lastStream.put(standby, new Last(System.nanoTime(), metrics));
            }
        }
        return metrics;
    }

    private Target parse(String target) {
        try {
            HostPort at = HostPort.parse(target, template.port());
            return template.at(at.host(), at.port());
        } catch (UsageException e) {
            throw new UsageException("target " + e.getMessage());
        }
    }

    private static Duration scrapeTimeout(HttpExchange exchange) {
        String h = exchange.getRequestHeaders().getFirst("X-Prometheus-Scrape-Timeout-Seconds");
        double s = DEFAULT_SCRAPE_TIMEOUT_S;
        try {
            s = h == null ? s : Double.parseDouble(h);
        } catch (NumberFormatException e) {
            // a header Prometheus did not write: its default then
        }
        s = Double.isFinite(s) ? Math.max(1, Math.min(120, s)) : DEFAULT_SCRAPE_TIMEOUT_S;
        return Duration.ofMillis(Math.round(s * 1000));
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> q = new HashMap<>();
        if (raw == null || raw.length() > 4096) {
            return q;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                q.putIfAbsent(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return q;
    }

    @Override
    public void close() {
        deadlines.shutdownNow();
    }

    static void reply(HttpExchange exchange, int status, String text) throws IOException {
        byte[] body = (text + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
    }
}
