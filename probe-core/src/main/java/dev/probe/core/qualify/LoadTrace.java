package dev.probe.core.qualify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A background load's bytes over time, as its intervals arrive, and the rates read back from it on steady windows:
 * the load alone is judged once its one-second rates have settled (a bulk run's first seconds carry TCP's start-up
 * burst, which on a lossy link is several times what it then keeps), and alone and beside the redo are both the
 * median of windows of the same length, so the two figures compare like with like.
 */
final class LoadTrace {
    /** The length of the windows the rates are read on. */
    static final long WINDOW_NANOS = 1_000_000_000L;
    /** Settled: this many windows in a row each within {@link #SPREAD} of their median. */
    static final int SETTLED_WINDOWS = 3;
    /** How far a settled window may lie from the median of the last few (0.2 = 20 %). */
    static final double SPREAD = 0.2;

    private final List<long[]> samples = new ArrayList<>(); // {nanoTime, bytes so far}

    /** Records that {@code bytesSoFar} had been carried at {@code nanos}. */
    synchronized void add(long nanos, long bytesSoFar) {
        samples.add(new long[] {nanos, bytesSoFar});
    }

    synchronized boolean isEmpty() {
        return samples.isEmpty();
    }

    /** Bytes carried by {@code nanos}, interpolated between the samples around it. */
    synchronized long bytesAt(long nanos) {
        long[] before = {Long.MIN_VALUE, 0};
        for (long[] s : samples) {
            if (s[0] >= nanos) {
                if (before[0] == Long.MIN_VALUE) {
                    return 0;
                }
                double share = (nanos - before[0]) / (double) (s[0] - before[0]);
                return before[1] + Math.round((s[1] - before[1]) * share);
            }
            before = s;
        }
        return before[1];
    }

    private synchronized long last() {
        return samples.isEmpty() ? Long.MIN_VALUE / 2 : samples.get(samples.size() - 1)[0];
    }

    /** The bit/s of each whole window from {@code from} on that ends by {@code to} (at most the trace's last). */
    synchronized double[] windows(long from, long to) {
        long end = samples.isEmpty() ? from : Math.min(to, last());
        int n = (int) Math.max(0, (end - from) / WINDOW_NANOS);
        double[] rates = new double[n];
        for (int i = 0; i < n; i++) {
            long a = from + i * WINDOW_NANOS;
            rates[i] = (bytesAt(a + WINDOW_NANOS) - bytesAt(a)) * 8.0 * 1e9 / WINDOW_NANOS;
        }
        return rates;
    }

    /** The median of the windows between two instants: NaN when not one whole window fits. */
    double medianRate(long from, long to) {
        return median(windows(from, to));
    }

    /**
     * True when the last {@link #SETTLED_WINDOWS} whole windows the trace holds by {@code now} (ending at its latest
     * sample, none earlier than {@code since}) each lie within {@link #SPREAD} of their median.
     */
    boolean settled(long since, long now) {
        long from = Math.min(now, last()) - SETTLED_WINDOWS * WINDOW_NANOS;
        if (from < since) {
            return false;
        }
        double[] w = windows(from, now);
        if (w.length < SETTLED_WINDOWS) {
            return false;
        }
        double m = median(w);
        return m > 0 && Arrays.stream(w).allMatch(r -> Math.abs(r - m) <= SPREAD * m);
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
