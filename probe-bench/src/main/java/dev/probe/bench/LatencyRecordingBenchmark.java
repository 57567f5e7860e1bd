package dev.probe.bench;

import dev.probe.core.redo.RunMetrics;
import dev.probe.core.result.LatencyStats;
import java.util.concurrent.ThreadLocalRandom;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The hot-path cost of recording one round trip (two wait-free recorders) and the reporter's interval swap. */
@State(Scope.Thread)
public class LatencyRecordingBenchmark extends AbstractBenchmark {
    private RunMetrics metrics;
    private long[] samples;
    private int next;
    private Histogram recycle;

    @Setup
    public void setup() {
        metrics = new RunMetrics();
        samples = new long[4096];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = 10_000 + ThreadLocalRandom.current().nextLong(5_000_000);
        }
    }

    @Benchmark
    public void recordAck() {
        metrics.recordAck(samples[next++ & 4095], 0);
    }

    @Benchmark
    public void recordAckWithDiskWrite() {
        long v = samples[next++ & 4095];
        metrics.recordAck(v, v / 2);
    }

    @Benchmark
    public LatencyStats intervalSwapAndPercentiles() {
        for (int i = 0; i < 1000; i++) {
            metrics.recordAck(samples[i], 0);
        }
        recycle = metrics.intervalLatency(recycle);
        return LatencyStats.of(recycle);
    }
}
