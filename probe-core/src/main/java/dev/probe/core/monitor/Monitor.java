package dev.probe.core.monitor;

import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

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
    /** The check under way's own stop (a fresh one per check, so nothing piles up over days of checks). */
    private volatile RunStop current;

    public Monitor(MonitorConfig config, MonitorMetrics metrics, Consumer<String> log) {
        this.config = config;
        this.metrics = metrics;
        this.log = log;
        this.standby = config.target().host() + ":" + config.target().port();
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

    /** One check; its failure is counted and logged in a line, never thrown. */
    void check(boolean stream, RunStop stop) throws InterruptedException {
        String check = name(stream);
        TestParams p = stream
                ? new TestParams(Mode.ASYNC, 1 << 20, 1, config.streamLength(), Duration.ofMillis(500), false, 0, 0,
                        Duration.ZERO)
                : new TestParams(Mode.SYNC, config.writeSize(), 1, config.syncLength(), config.syncLength(), false, 0,
                        0, Duration.ZERO);
        Histogram all = new Histogram(3);
        try {
            TestResult r = new RedoClient(new RedoConfig(config.target(), p)).run(new RunListener() {
                @Override
                public void onIntervalHistogram(double start, double end, Histogram latency) {
                    all.add(latency);
                }
            }, stop);
            record(stream, r, all);
            metrics.checks.labelValues(standby, check, "ok").inc();
            metrics.up.labelValues(standby, check).set(1);
        } catch (ProbeException e) {
            metrics.checks.labelValues(standby, check, "failed").inc();
            metrics.up.labelValues(standby, check).set(0);
            log.accept(check + " check failed: " + e.getMessage());
        } finally {
            metrics.last.labelValues(standby, check).set(System.currentTimeMillis() / 1000.0);
        }
    }

    private void record(boolean stream, TestResult r, Histogram all) {
        String check = name(stream);
        TcpStats tcp = r.summary().tcp();
        if (tcp != null) {
            metrics.tcpRtt.labelValues(standby, check).set(tcp.rttMs() / 1000);
            if (tcp.retransmits() > 0) {
                metrics.retransmits.labelValues(standby, check).inc(tcp.retransmits());
            }
        }
        if (stream) {
            metrics.throughput.labelValues(standby).set(r.summary().throughputMibS() * 1024 * 1024);
            return;
        }
        metrics.observe(standby, all);
        var l = r.summary().latency();
        metrics.quantile.labelValues(standby, "0.5").set(l.p50() / 1000);
        metrics.quantile.labelValues(standby, "0.99").set(l.p99() / 1000);
        metrics.quantile.labelValues(standby, "0.999").set(l.p999() / 1000);
    }
}
