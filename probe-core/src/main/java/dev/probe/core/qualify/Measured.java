package dev.probe.core.qualify;

import dev.probe.core.pathmtu.PathMtu;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import java.util.List;
import java.util.Objects;

/**
 * What the steps measured, each figure from its step's own result: round trip, capacity, the single stream with
 * default and with 3 x BDP buffers (and what the OS granted), the paced run's lag, the SYNC runs.
 *
 * @param rttMs          step 1's round trip, p50
 * @param minRttMs       TCP_INFO's minimum RTT in step 1, NaN where unreadable
 * @param capacityBps    step 2's goodput over several connections, on the step's steady half (NaN when not run)
 * @param defaultBps     step 3's single-stream goodput
 * @param tunedBps       step 4's single-stream goodput
 * @param bdpBytes       the BDP step 4 sized its buffers by
 * @param bufferRequested the socket buffer step 4 asked for
 * @param sndbufGranted  what this host granted (as the OS reports it)
 * @param rcvbufGranted  what the standby granted (as its OS reports it)
 * @param clamped        the OS granted less than asked
 * @param lag            step 5's lag trace (null when not run)
 * @param loadedLag      the paced step's lag trace under the background load (null when not run)
 * @param load           what the background load carried (null without one)
 * @param steps          every step's label and result document
 * @param pathMtu        the path MTU primary to standby and back, checked first (empty when not checked)
 */
public record Measured(double rttMs, double minRttMs, double capacityBps, double defaultBps, double tunedBps,
        long bdpBytes, long bufferRequested, int sndbufGranted, int rcvbufGranted, boolean clamped,
        LagTrace lag, LagTrace loadedLag, LoadFigures load, List<StepResult> steps,
        List<PathMtu> pathMtu) {
    /** One step's label, kind and result document. */
    public record StepResult(StepPlan.Step step, TestResult result) {
    }

    /** The first {@code kind} step's sender's TCP_INFO (reversed, the server's, from its RESULT), or null. */
    public TcpStats tcp(StepPlan.Kind kind) {
        return steps.stream().filter(s -> s.step().kind() == kind).map(s -> s.result().summary().tcp())
                .filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** Goodput in bit/s from a result's receiver-counted MiB/s. */
    public static double bps(TestResult r) {
        return r.summary().throughputMibS() * 1024 * 1024 * 8;
    }

    /**
     * A single stream's rate in bit/s on the steady part of its step: over the second half of its measured (not
     * warm-up) intervals, once slow start's burst is over (on a lossy link a short step's mean holds a start-up burst
     * several times what the stream keeps, and a diagnosis resting on it changes from run to run; on a long fat path
     * the ramp makes the mean too low instead). What arrived is read where it is known: this end's own counts when it
     * received ({@code receiving}: --reverse), else TCP_INFO's bytes acknowledged (what this end's application hands
     * its socket is no measure: a large send buffer takes megabytes at once, then nothing for seconds). The whole
     * step's receiver count where fewer than {@link #STEADY_INTERVALS} intervals are left or TCP_INFO is unreadable.
     */
    static double steadyBps(TestResult r, boolean receiving) {
        // a sample without bytes acknowledged (the last, stamped at the data's end and read after) is left out when
        // acks count
        boolean acks = !receiving && r.intervals().stream().anyMatch(Measured::acked);
        List<IntervalSample> measured = r.intervals().stream().filter(i -> !i.warmup() && i.lengthSeconds() > 0)
                .filter(i -> !acks || acked(i)).toList();
        int half = measured.size() / 2;
        if (measured.size() - half < STEADY_INTERVALS || half == 0) {
            return bps(r);
        }
        IntervalSample from = measured.get(half - 1);
        IntervalSample to = measured.get(measured.size() - 1);
        double seconds = to.tSeconds() - from.tSeconds();
        if (receiving) {
            long bytes = measured.subList(half, measured.size()).stream().mapToLong(IntervalSample::bytes).sum();
            return bytes * 8 / seconds;
        }
        long acked = from.tcp() == null || to.tcp() == null ? 0 : to.tcp().bytesAcked() - from.tcp().bytesAcked();
        if (acked <= 0) {
            return bps(r); // TCP_INFO unreadable (not Linux, or a kernel before 4.1)
        }
        // not capped by what the standby counted: on a slow lossy stream the warm-up mark waits behind a full send
        // buffer, so the standby's measured window can open seconds late and hold nothing, while TCP's acks are
        // what it received
        return acked * 8 / seconds;
    }

    private static boolean acked(IntervalSample i) {
        return i.tcp() != null && i.tcp().bytesAcked() > 0;
    }

    /** The fewest intervals a steady part is read on. */
    static final int STEADY_INTERVALS = 2;
}
