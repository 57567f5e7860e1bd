package dev.probe.core.monitor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.RunStop;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * Watches one standby until stopped: a SYNC check at the redo write size every {@code every}, a short single-stream
 * check every {@code streamEvery} (within the duty cap), each start jittered so many monitors do not align; each
 * check's figures go to {@link MonitorMetrics}. A failed check (server restarted, network cut) is counted and the
 * next one tries again on schedule; a check that starts late is counted as missed.
 *
 * <pre>{@code
 * Monitor m = new Monitor(config, metrics, line -> log.println(line)); m.run(stop);
 * }</pre>
 */
public final class Monitor {
    /** The largest share of the interval a start is moved by, so many monitors do not align. */
    static final double JITTER = 0.1;
    private final MonitorConfig config;
    private final MonitorMetrics metrics;
    private final Consumer<String> log;
    private final String standby;
    private final Baseline baseline;
    private final Consumer<ObjectNode> events;
    /** The check under way's own stop (a fresh one per check, so nothing piles up over days of checks). */
    private volatile RunStop current;

    public Monitor(MonitorConfig config, MonitorMetrics metrics, Consumer<String> log) {
        this(config, metrics, log, event -> {});
    }

    /** A monitor that also hands each check's event ({@code --json-stream}) to {@code events}. */
    public Monitor(MonitorConfig config, MonitorMetrics metrics, Consumer<String> log, Consumer<ObjectNode> events) {
        this.events = events;
        this.config = config;
        this.metrics = metrics;
        this.log = log;
        if (config.target() == null) {
            throw new IllegalArgumentException("a monitor's schedule needs a standby");
        }
        this.standby = config.target().hostPort();
        this.baseline = config.baselineFor(standby);
        if (baseline != null) {
            metrics.thresholds(standby, baseline);
        }
    }

    /** Runs the schedule until {@code stop} is requested (the check under way then ends early). */
    public void run(RunStop stop) throws InterruptedException {
        stop.onRequest(() -> {
            RunStop c = current;
            if (c != null) {
                c.request(stop.reason());
            }
            synchronized (stop) {
                stop.notifyAll();
            }
        });
        long now = System.nanoTime();
        long nextSync = now;
        long nextStream = now + jitter(config.streamEvery()) + config.syncLength().toNanos();
        while (stop.reason() == null) {
            boolean stream = nextStream - nextSync < 0;
            long due = stream ? nextStream : nextSync;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                synchronized (stop) {
                    stop.wait(Math.max(1, wait / 1_000_000));
                }
                continue;
            }
            Duration every = stream ? config.streamEvery() : config.every();
            long late = -wait / every.toNanos();
            if (late > 0) {
                metrics.missed.labelValues(standby, name(stream)).inc(late);
            }
            current = new RunStop();
            if (stop.reason() == null) {
                check(stream, current);
            }
            long next = due + (late + 1) * every.toNanos() + jitter(every);
            if (stream) {
                nextStream = next;
            } else {
                nextSync = next;
            }
        }
    }

    private static String name(boolean stream) {
        return stream ? "stream" : "sync";
    }

    private static long jitter(Duration every) {
        return (long) (ThreadLocalRandom.current().nextDouble(-JITTER, JITTER) * every.toNanos());
    }

    /** One check of the scheduled standby; its failure is counted and logged in a line, never thrown. */
    void check(boolean stream, RunStop stop) throws InterruptedException {
        Check c = stream
                ? new Check(Check.Kind.STREAM, config.target(), config.streamLength(), config.writeSize(), baseline)
                : new Check(Check.Kind.SYNC, config.target(), config.syncLength(), config.writeSize(), baseline);
        c.run(metrics, stop, log, events);
    }
}
