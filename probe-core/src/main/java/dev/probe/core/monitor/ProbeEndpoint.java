package dev.probe.core.monitor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.HostPort;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.error.UsageException;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code /probe?target=HOST:PORT&module=sync|stream}: Prometheus's multi-target exporter pattern (as the blackbox
 * and iperf3 exporters). Each scrape runs one check against the target, within the scrape's timeout, and answers
 * with that check's series alone. Only what the monitor's configuration names is probed, as the blackbox exporter
 * probes only its configured modules (403 otherwise: an open /probe would send traffic, or scan ports, wherever
 * asked): hosts in --allow-targets, and the probe server's port (--port) or a --baseline's. The checks go through a
 * {@link CheckQueue}: bounded, shared, dropped when the requester leaves, and each target's at most once per
 * --every (SYNC) or as often as --duty-cap allows (the stream): a scrape sooner gets the last check's series again
 * (its {@code dgprobe_check_last_timestamp_seconds} says when).
 */
final class ProbeEndpoint implements AutoCloseable {
    /** The scrape timeout when Prometheus does not send one (its own default). */
    static final double DEFAULT_SCRAPE_TIMEOUT_S = 10;
    /** What the connect, handshake and result exchange need beside the check itself. */
    static final Duration MARGIN = Duration.ofMillis(1500);
    private final Target template;
    private final AllowedTargets allowed;
    private final Set<Integer> ports = new TreeSet<>();
    private final MonitorConfig config;
    private final Consumer<String> log;
    private final Consumer<ObjectNode> events;
    private final CheckQueue queue = new CheckQueue();
    private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "probe-deadlines");
        t.setDaemon(true);
        return t;
    });

    /** What a {@code /probe} request gets: a ticket for its check's series, or an answer at once. */
    record Outcome(CheckQueue.Ticket ticket, HttpResponseStatus status, String text) {
        static Outcome answer(HttpResponseStatus status, String text) {
            return new Outcome(null, status, text);
        }
    }

    ProbeEndpoint(Target template, AllowedTargets allowed, MonitorConfig config, Consumer<String> log,
                  Consumer<ObjectNode> events) {
        this.events = events;
        this.template = template;
        this.allowed = allowed;
        this.config = config;
        this.log = log;
        ports.add(template.port());
        for (Baseline b : config.baselines()) {
            try {
                ports.add(HostPort.parse(b.standby(), template.port()).port());
            } catch (UsageException notHostPort) {
                // a baseline whose standby names no port of its own adds none
            }
        }
    }

    /** The ports /probe may reach, as the help line says them. */
    String ports() {
        return ports.toString();
    }

    /** Checks a request's target and module and hands its check to the queue; {@code timeoutHeader} may be null. */
    Outcome request(String uri, String timeoutHeader) {
        QueryStringDecoder q = QueryStringDecoder.builder().maxParams(8).build(uri);
        String target = first(q, "target");
        String module = first(q, "module");
        module = module == null ? "sync" : module;
        if (target == null || target.isBlank()) {
            return Outcome.answer(HttpResponseStatus.BAD_REQUEST, "target parameter is missing (e.g. "
                    + "/probe?target=standby1:" + template.port() + "&module=sync)");
        }
        if (!module.equals("sync") && !module.equals("stream")) {
            return Outcome.answer(HttpResponseStatus.BAD_REQUEST, "module '" + module + "' is unknown: sync or stream");
        }
        Target t;
        try {
            HostPort at = HostPort.parse(target, template.port());
            t = template.at(at.host(), at.port());
        } catch (IllegalArgumentException e) {
            return Outcome.answer(HttpResponseStatus.BAD_REQUEST, "target " + e.getMessage());
        }
        String refusal = allowed.refusal(t.host());
        if (refusal != null) {
            return Outcome.answer(HttpResponseStatus.FORBIDDEN, refusal);
        }
        if (!ports.contains(t.port())) {
            return Outcome.answer(HttpResponseStatus.FORBIDDEN, "port " + t.port() + " is not a probe server port "
                    + "this monitor checks (" + ports + ": --port and the --baseline standbys')");
        }
        Check.Kind kind = module.equals("stream") ? Check.Kind.STREAM : Check.Kind.SYNC;
        Duration timeout = scrapeTimeout(timeoutHeader);
        Duration length = length(kind, timeout);
        Duration gap = kind == Check.Kind.STREAM ? Duration.ofNanos(Math.round(length.toNanos() / config.dutyCap()))
                : config.every();
        CheckQueue.Ticket ticket = queue.submit(new CheckQueue.Key(t.hostPort(), kind), gap,
                stop -> check(new Check(kind, t, length, config.writeSize(), config.baselineFor(t.hostPort())),
                        timeout, stop));
        if (ticket == null) {
            return Outcome.answer(HttpResponseStatus.SERVICE_UNAVAILABLE, "busy: " + CheckQueue.RUNNING
                    + " checks running and " + CheckQueue.QUEUED + " waiting; try again later");
        }
        return new Outcome(ticket, HttpResponseStatus.OK, null);
    }

    private Duration length(Check.Kind kind, Duration timeout) {
        Duration room = timeout.minus(MARGIN);
        Duration length = kind == Check.Kind.STREAM ? config.streamLength() : config.syncLength();
        length = length.compareTo(room) > 0 ? room : length;
        return length.compareTo(MonitorConfig.MIN_SYNC_LENGTH) < 0 ? MonitorConfig.MIN_SYNC_LENGTH : length;
    }

    /** Runs {@code check} into series of its own, stopped near the scrape's {@code timeout}. */
    private MonitorMetrics check(Check check, Duration timeout, RunStop stop)
            throws InterruptedException {
        MonitorMetrics metrics = new MonitorMetrics();
        if (check.baseline() != null) {
            metrics.thresholds(check.standby(), check.baseline());
        }
        var deadline = deadlines.schedule(() -> stop.request("the scrape's timeout is near"),
                timeout.toMillis() - 500, TimeUnit.MILLISECONDS);
        try {
            check.run(metrics, stop, log, events);
        } finally {
            deadline.cancel(false);
        }
        return metrics;
    }

    private static String first(QueryStringDecoder q, String name) {
        List<String> v = q.parameters().get(name);
        return v == null || v.isEmpty() ? null : v.get(0);
    }

    static Duration scrapeTimeout(String header) {
        double s = DEFAULT_SCRAPE_TIMEOUT_S;
        try {
            s = header == null ? s : Double.parseDouble(header);
        } catch (NumberFormatException e) {
            // a header Prometheus did not write: its default then
        }
        s = Double.isFinite(s) ? Math.max(1, Math.min(120, s)) : DEFAULT_SCRAPE_TIMEOUT_S;
        return Duration.ofMillis(Math.round(s * 1000));
    }

    @Override
    public void close() {
        queue.close();
        deadlines.shutdownNow();
    }
}
