package dev.probe.core.agent;

import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Parts' intervals (hosts at the coordinator, legs inside an agent) merged on one timeline: every part started at
 * the same instant with the same interval length, so interval {@code i} of each is the same stretch of time. An
 * interval is passed on (and forgotten) as soon as every part still running has reported it, so memory holds only
 * the few not yet complete.
 */
final class MergedTimeline {
    private final int parts;
    private final boolean[] ended;
    /** Intervals not yet passed on: each part's figures, null until it reports. */
    private final TreeMap<Integer, HostInterval[]> pending = new TreeMap<>();
    private final Consumer<MergedInterval> out;
    private int next;

    MergedTimeline(int parts, Consumer<MergedInterval> out) {
        this.parts = parts;
        this.ended = new boolean[parts];
        this.out = out;
    }

    /** Part {@code part} reports its interval {@code index}. */
    synchronized void add(int part, int index, HostInterval interval) {
        if (index < next) {
            return;
        }
        pending.computeIfAbsent(index, i -> new HostInterval[parts])[part] = interval;
        drain();
    }

    /** Part {@code part} reports no more intervals (finished, or lost). */
    synchronized void end(int part) {
        ended[part] = true;
        drain();
    }

    /** Passes on what is left once every part has ended. */
    synchronized void flush() {
        Arrays.fill(ended, true);
        drain();
    }

    private void drain() {
        while (!pending.isEmpty() && pending.firstKey() == next && complete(pending.firstEntry().getValue())) {
            HostInterval[] row = pending.pollFirstEntry().getValue();
            double t = Arrays.stream(row).filter(h -> h != null).mapToDouble(HostInterval::tSeconds).max().orElse(0);
            for (int p = 0; p < parts; p++) {
                if (row[p] == null) {
                    row[p] = HostInterval.empty(t);
                }
            }
            List<HostInterval> each = List.of(row);
            out.accept(new MergedInterval(next, HostInterval.merge(each), each));
            next++;
        }
    }

    private boolean complete(HostInterval[] row) {
        for (int p = 0; p < parts; p++) {
            if (row[p] == null && !ended[p]) {
                return false;
            }
        }
        return true;
    }
}
