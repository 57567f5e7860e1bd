package dev.probe.core.redo;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The hot-path side of a run's measurements: wait-free HdrHistogram recorders of round-trip and disk-write
 * nanoseconds. Each value goes to an interval recorder (swapped out by the reporter every interval) and to a
 * summary recorder (reset once at the end of warm-up).
 */
public final class RunMetrics {
    private final Recorder latency = new Recorder(3);
    private final Recorder latencySummary = new Recorder(3);
    private final Recorder disk = new Recorder(3);
    private final Recorder diskSummary = new Recorder(3);

    /** Called on an event loop for each ACK. */
    public void recordAck(long latencyNanos, long diskNanos) {
        latency.recordValue(latencyNanos);
        latencySummary.recordValue(latencyNanos);
        if (diskNanos > 0) {
            disk.recordValue(diskNanos);
            diskSummary.recordValue(diskNanos);
        }
    }

    /** Warm-up ended: the summary starts from here. */
    public void resetSummary() {
        latencySummary.reset();
        diskSummary.reset();
    }

    public Histogram intervalLatency(Histogram recycle) {
        return latency.getIntervalHistogram(recycle);
    }

    Histogram intervalDisk(Histogram recycle) {
        return disk.getIntervalHistogram(recycle);
    }

    public Histogram summaryLatency() {
        return latencySummary.getIntervalHistogram();
    }

    Histogram summaryDisk() {
        return diskSummary.getIntervalHistogram();
    }
}
