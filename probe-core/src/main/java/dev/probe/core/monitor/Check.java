package dev.probe.core.monitor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Json;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * One check against one standby, its figures into {@link MonitorMetrics} under the standby's label and, with a
 * {@link Baseline}, judged as the qualification judged the link. A failure is counted and logged in a line, never
 * thrown. Shared by the schedule ({@link Monitor}) and the multi-target endpoint ({@link ProbeEndpoint}).
 *
 * @param kind     {@code sync} or {@code stream}
 * @param target   the standby's probe server
 * @param length   how long the check runs
 * @param writeSize the SYNC check's message size
 * @param baseline the yardsticks, or null
 */
record Check(Kind kind, Target target, Duration length, long writeSize, Baseline baseline) {
    /** The two checks, named as in the series' {@code check} label and {@code /probe}'s {@code module}. */
    enum Kind {
        SYNC, STREAM;

        String label() {
            return this == SYNC ? "sync" : "stream";
        }
    }

    /** The stream check's message size: large enough that one stream reaches the path's rate. */
    static final int STREAM_MESSAGE = 1 << 20;
    /** The verdict gauge's values in words, by value. */
    private static final String[] STATES = {"PASS", "MARGINAL", "FAIL"};

    String standby() {
        return target.hostPort();
    }

    /**
     * Runs the check until its length is up or {@code stop} is requested; its figures go to {@code metrics}, a line
     * to {@code log}, an event ({@code check}: standby, result, figures) to {@code events}; returns whether it
     * succeeded.
     */
    boolean run(MonitorMetrics metrics, RunStop stop, Consumer<String> log, Consumer<ObjectNode> events)
            throws InterruptedException {
        String standby = standby();
        String check = kind.label();
        TestParams p = kind == Kind.STREAM
                ? TestParams.builder(Mode.ASYNC).length(STREAM_MESSAGE).duration(length)
                        .interval(Duration.ofMillis(500)).build()
                : TestParams.builder(Mode.SYNC).length(writeSize).duration(length).interval(length).build();
        Histogram all = new Histogram(3);
        ObjectNode ev = Json.object().put("standby", standby).put("check", check);
        try {
            TestResult r = new RedoClient(new RedoConfig(target, p)).run(new RunListener() {
                @Override
                public void onIntervalHistogram(double start, double end, Histogram latency) {
                    all.add(latency);
                }
            }, stop);
            log.accept(record(metrics, r, all, ev.put("result", "ok")));
            metrics.checks.labelValues(standby, check, "ok").inc();
            metrics.up.labelValues(standby, check).set(1);
            events.accept(ev);
            return true;
        } catch (RuntimeException e) {
            // a monitor outlives any one check: whatever ended it is counted and logged, never thrown (a ProbeException
            // says why in a line; anything else is a fault of probe's, named whole for the report)
            String why = e instanceof ProbeException ? e.getMessage() : "unexpected " + e;
            metrics.checks.labelValues(standby, check, "failed").inc();
            metrics.up.labelValues(standby, check).set(0);
            metrics.forget(standby, kind == Kind.STREAM);
            log.accept(check + " check of " + standby + " failed: " + why);
            events.accept(ev.put("result", "failed").put("error", why));
            return false;
        } finally {
            metrics.last.labelValues(standby, check).set(System.currentTimeMillis() / 1000.0);
        }
    }

    /** Records the check's figures and returns its log line. */
    private String record(MonitorMetrics metrics, TestResult r, Histogram all, ObjectNode ev) {
        String standby = standby();
        TcpStats tcp = r.summary().tcp();
        if (tcp != null) {
            metrics.tcpRtt.labelValues(standby, kind.label()).set(tcp.rttMs() / 1000);
            ev.put("tcp_rtt_ms", tcp.rttMs()).put("retransmits", tcp.retransmits());
            if (tcp.retransmits() > 0) {
                metrics.retransmits.labelValues(standby, kind.label()).inc(tcp.retransmits());
            }
            if (tcp.segmentsSent() > 0) {
                metrics.segments.labelValues(standby, kind.label()).inc(tcp.segmentsSent());
            }
        }
        if (kind == Kind.STREAM) {
            double bytes = r.summary().throughputMibS() * 1024 * 1024;
            metrics.throughput.labelValues(standby).set(bytes);
            ev.put("throughput_bytes_s", bytes).put("length_s", length.toMillis() / 1000.0);
            if (baseline != null) {
                metrics.lagGrowth.labelValues(standby).set(baseline.lagGrowth(bytes));
                metrics.verdict.labelValues(standby, "ASYNC").set(baseline.async(bytes));
                ev.put("lag_growth_s_per_s", baseline.lagGrowth(bytes)).put("verdict", STATES[baseline.async(bytes)]);
            }
            return String.format(Locale.ROOT, "stream %s: %.1f Mbit/s for %.1f s%s", standby, bytes * 8 / 1e6,
                    length.toMillis() / 1000.0, baseline == null ? "" : ", ASYNC " + STATES[baseline.async(bytes)]);
        }
        metrics.observe(standby, all);
        LatencyStats l = r.summary().latency();
        metrics.percentile.labelValues(standby, "50").set(l.p50() / 1000);
        metrics.percentile.labelValues(standby, "99").set(l.p99() / 1000);
        metrics.percentile.labelValues(standby, "99.9").set(l.p999() / 1000);
        int verdict = baseline == null ? -1 : baseline.sync(l.p50() / 1000, l.p99() / 1000);
        ev.put("round_trips", l.count()).put("write_size", writeSize).put("p50_ms", l.p50()).put("p99_ms", l.p99())
                .put("p99_9_ms", l.p999());
        if (verdict >= 0) {
            metrics.verdict.labelValues(standby, "SYNC").set(verdict);
            ev.put("verdict", STATES[verdict]);
        }
        return String.format(Locale.ROOT, "sync %s: %d round trips of %d bytes, p50 %.3f / p99 %.3f / p99.9 %.3f ms%s",
                standby, l.count(), writeSize, l.p50(), l.p99(), l.p999(), verdict < 0 ? "" : ", SYNC "
                        + STATES[verdict]);
    }
}
