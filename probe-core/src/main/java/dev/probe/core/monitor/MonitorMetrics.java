package dev.probe.core.monitor;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * The monitor's series, in Prometheus's conventions (base units, {@code _total} counters, latency as a histogram),
 * under the prefix {@code dgprobe_} (the blackbox exporter owns {@code probe_*}); label {@code standby} on each.
 * Written by the checks, read by the scrape.
 */
public final class MonitorMetrics {
    /** Classic buckets from 50 µs to about 3.3 s, doubling: a LAN's round trip to an intercontinental one. */
    private static final double[] BUCKETS = exponential(0.00005, 2, 17);
    private final PrometheusRegistry registry = new PrometheusRegistry();
    final Histogram roundTrip = Histogram.builder().name("dgprobe_sync_round_trip_seconds")
            .help("SYNC round trips at the redo write size (message sent to ACK received)")
            .labelNames("standby").classicOnly().classicUpperBounds(BUCKETS).register(registry);
    final Gauge percentile = Gauge.builder().name("dgprobe_sync_round_trip_percentile_seconds")
            .help("The last SYNC check's round-trip percentiles (50, 99, 99.9), exact over its round trips (the label "
                    + "is not 'quantile': that one is a summary's)")
            .labelNames("standby", "percentile").register(registry);
    final Gauge throughput = Gauge.builder().name("dgprobe_stream_throughput_bytes_per_second")
            .help("The last single-stream check's goodput, as the standby counted it")
            .labelNames("standby").register(registry);
    final Gauge tcpRtt = Gauge.builder().name("dgprobe_tcp_rtt_seconds")
            .help("TCP's smoothed round trip in the last check (TCP_INFO)").labelNames("standby", "check")
            .register(registry);
    final Counter retransmits = Counter.builder().name("dgprobe_tcp_retransmitted_segments_total")
            .help("Segments TCP sent again during the checks (TCP_INFO)").labelNames("standby", "check")
            .register(registry);
    final Counter segments = Counter.builder().name("dgprobe_tcp_segments_sent_total")
            .help("Segments TCP sent during the checks (TCP_INFO), for the retransmit ratio").labelNames("standby",
                    "check")
            .register(registry);
    final Counter checks = Counter.builder().name("dgprobe_checks_total")
            .help("Checks run, by outcome (ok, failed)").labelNames("standby", "check", "result").register(registry);
    final Counter missed = Counter.builder().name("dgprobe_checks_missed_total")
            .help("Checks not run on time (the previous one overran, or the standby was unreachable)")
            .labelNames("standby", "check").register(registry);
    final Gauge up = Gauge.builder().name("dgprobe_check_up")
            .help("1 when the last check of this kind succeeded, 0 when it failed").labelNames("standby", "check")
            .register(registry);
    final Gauge last = Gauge.builder().name("dgprobe_check_last_timestamp_seconds")
            .help("When the last check of this kind ended (Unix time)").labelNames("standby", "check")
            .register(registry);

    final Gauge verdict = Gauge.builder().name("dgprobe_verdict_status")
            .help("The last check judged as --baseline's qualification judged the link: 0 PASS, 1 MARGINAL, 2 FAIL")
            .labelNames("standby", "verdict").register(registry);
    final Gauge lagGrowth = Gauge.builder().name("dgprobe_lag_growth_seconds_per_second")
            .help("Seconds of redo the standby would fall behind per second at the baseline's peak rate over the "
                    + "last stream check's goodput (0: it keeps up)")
            .labelNames("standby").register(registry);
    final Gauge commitBudget = Gauge.builder().name("dgprobe_threshold_commit_budget_seconds")
            .help("The added commit time SYNC may cost (the baseline's --commit-budget)").labelNames("standby")
            .register(registry);
    final Gauge required = Gauge.builder().name("dgprobe_threshold_required_bytes_per_second")
            .help("The bandwidth one stream must carry for the baseline's peak redo rate (support note 736755.1)")
            .labelNames("standby").register(registry);
    final Gauge peak = Gauge.builder().name("dgprobe_threshold_peak_redo_bytes_per_second")
            .help("The baseline's peak redo rate").labelNames("standby").register(registry);
    final Gauge flatGrowth = Gauge.builder().name("dgprobe_threshold_lag_growth_seconds_per_second")
            .help("Lag growth at or below this is flat (as qualify judges it)").labelNames("standby")
            .register(registry);
    final Gauge qualified = Gauge.builder().name("dgprobe_baseline_verdict_status")
            .help("The baseline qualification's own verdicts: 0 PASS, 1 MARGINAL, 2 FAIL")
            .labelNames("standby", "verdict", "qualified_at").register(registry);

    public PrometheusRegistry registry() {
        return registry;
    }

    /** The yardsticks of {@code b} for {@code standby}, set once. */
    void thresholds(String standby, Baseline b) {
        commitBudget.labelValues(standby).set(b.commitBudgetSeconds());
        required.labelValues(standby).set(b.requiredBytesPerSecond());
        peak.labelValues(standby).set(b.peakBytesPerSecond());
        flatGrowth.labelValues(standby).set(Baseline.FLAT_GROWTH);
        b.verdicts().forEach((name, status) -> qualified.labelValues(standby, name, b.qualifiedAt())
                .set(status.equals("PASS") ? Baseline.PASS : status.equals("MARGINAL") ? Baseline.MARGINAL
                        : Baseline.FAIL));
    }

    /**
     * Drops what a failed check of {@code standby} would otherwise leave standing (its verdict, and the stream's rate
     * and lag growth), as a Prometheus exporter drops a failed probe's figures: no alert reads the last good check as
     * the link's state while every check fails ({@code dgprobe_check_up} 0 says so instead).
     */
    void forget(String standby, boolean stream) {
        verdict.remove(standby, stream ? "ASYNC" : "SYNC");
        if (stream) {
            throughput.remove(standby);
            lagGrowth.remove(standby);
        }
    }

    /** Each round trip of an HdrHistogram (nanoseconds) into the Prometheus histogram. */
    void observe(String standby, org.HdrHistogram.Histogram nanos) {
        var h = roundTrip.labelValues(standby);
        var it = nanos.recordedValues().iterator();
        while (it.hasNext()) {
            var v = it.next();
            for (long i = 0; i < v.getCountAddedInThisIterationStep(); i++) {
                h.observe(v.getValueIteratedTo() / 1e9);
            }
        }
    }

    private static double[] exponential(double start, double factor, int count) {
        double[] b = new double[count];
        for (int i = 0; i < count; i++) {
            b[i] = start * Math.pow(factor, i);
        }
        return b;
    }
}
