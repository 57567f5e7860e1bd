package dev.probe.core.units;

import java.util.HashMap;
import java.util.Map;

/**
 * The JIT compiler's and the garbage collector's CPU ticks as sums that never go back: HotSpot starts and stops
 * compiler threads as the queue of methods to compile grows and shrinks ({@code UseDynamicNumberOfCompilerThreads},
 * on by default), and a thread that ended takes its time out of /proc/self/task. Each thread's last reading is
 * kept, so a thread that ended still counts what it had used when last seen (what it used after that, and threads
 * that started and ended between two readings, are missed: the sums are lower bounds, never negative differences).
 */
final class JvmThreadTimes {
    /** What a thread is, by the name HotSpot gives it. */
    enum Kind { JIT, GC, OTHER }

    private final Map<Long, long[]> alive = new HashMap<>();
    private final long[] ended = new long[2];

    /**
     * Takes one reading of every thread now alive ({@code ticks}: thread id to {kind, ticks}) and returns the
     * {JIT, GC} sums including the threads that ended since earlier readings.
     */
    synchronized long[] update(Map<Long, long[]> ticks) {
        for (Map.Entry<Long, long[]> before : alive.entrySet()) {
            long[] now = ticks.get(before.getKey());
            if (now == null || now[0] != before.getValue()[0] || now[1] < before.getValue()[1]) { // ended, or its id reused
                add(ended, before.getValue());
            }
        }
        alive.clear();
        long[] sums = ended.clone();
        for (Map.Entry<Long, long[]> t : ticks.entrySet()) {
            alive.put(t.getKey(), t.getValue().clone());
            add(sums, t.getValue());
        }
        return sums;
    }

    private static void add(long[] sums, long[] thread) {
        if (thread[0] == Kind.JIT.ordinal()) {
            sums[0] += thread[1];
        } else if (thread[0] == Kind.GC.ordinal()) {
            sums[1] += thread[1];
        }
    }
}
