package dev.probe.core.agent;

import java.util.Arrays;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The hosts' intervals merged on one timeline: every agent started at the same instant with the same interval
 * length, so interval {@code i} of each is the same stretch of time. An interval is passed on (and forgotten) as
 * soon as every host still running has reported it, so memory holds only the few not yet complete.
 */
final class MergedTimeline {
    private final int hosts;
    private final boolean[] ended;
    private final TreeMap<Integer, long[]> pending = new TreeMap<>();
    private final TreeMap<Integer, Double> times = new TreeMap<>();
    private final Consumer<MergedInterval> out;
    private int next;

    MergedTimeline(int hosts, Consumer<MergedInterval> out) {
        this.hosts = hosts;
        this.ended = new boolean[hosts];
        this.out = out;
    }

    /** Host {@code host} moved {@code bytes} in its interval {@code index}, which ended {@code t} s after the start. */
    synchronized void add(int host, int index, double t, long bytes) {
        if (index < next) {
            return;
        }
        long[] row = pending.computeIfAbsent(index, i -> filled());
        row[host] = bytes;
        times.merge(index, t, Math::max);
        drain();
    }

    /** Host {@code host} reports no more intervals (finished, or lost). */
    synchronized void end(int host) {
        ended[host] = true;
        drain();
    }

    /** Passes on what is left once every host has ended. */
    synchronized void flush() {
        Arrays.fill(ended, true);
        drain();
    }

    private long[] filled() {
        long[] row = new long[hosts];
        Arrays.fill(row, -1);
        return row;
    }

    private void drain() {
        while (!pending.isEmpty() && pending.firstKey() == next && complete(pending.firstEntry().getValue())) {
            long[] row = pending.pollFirstEntry().getValue();
            double t = times.remove(next);
            long sum = 0;
            for (int h = 0; h < hosts; h++) {
                row[h] = Math.max(0, row[h]);
                sum += row[h];
            }
            out.accept(new MergedInterval(next, t, sum, row));
            next++;
        }
    }

    private boolean complete(long[] row) {
        for (int h = 0; h < hosts; h++) {
            if (row[h] < 0 && !ended[h]) {
                return false;
            }
        }
        return true;
    }
}
