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
    /** An interval not yet passed on: each host's bytes (-1 until it reports) and the latest end time reported. */
    private static final class Row {
        final long[] bytes;
        double t;

        Row(int hosts) {
            bytes = new long[hosts];
            Arrays.fill(bytes, -1);
        }
    }

    private final int hosts;
    private final boolean[] ended;
    private final TreeMap<Integer, Row> pending = new TreeMap<>();
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
        Row row = pending.computeIfAbsent(index, i -> new Row(hosts));
        row.bytes[host] = bytes;
        row.t = Math.max(row.t, t);
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

    private void drain() {
        while (!pending.isEmpty() && pending.firstKey() == next && complete(pending.firstEntry().getValue())) {
            Row row = pending.pollFirstEntry().getValue();
            long sum = 0;
            for (int h = 0; h < hosts; h++) {
                row.bytes[h] = Math.max(0, row.bytes[h]);
                sum += row.bytes[h];
            }
            out.accept(new MergedInterval(next, row.t, sum, row.bytes));
            next++;
        }
    }

    private boolean complete(Row row) {
        for (int h = 0; h < hosts; h++) {
            if (row.bytes[h] < 0 && !ended[h]) {
                return false;
            }
        }
        return true;
    }
}
