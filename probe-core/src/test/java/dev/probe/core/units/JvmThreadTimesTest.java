package dev.probe.core.units;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class JvmThreadTimesTest {
    private static final long JIT = JvmThreadTimes.Kind.JIT.ordinal();
    private static final long GC = JvmThreadTimes.Kind.GC.ordinal();

    /** Seen on a C1-only JVM: a server's jit_s came out -0.23 s when a compiler thread ended during the run. */
    @Test
    void aCompilerThreadThatEndedKeepsWhatItUsed() {
        JvmThreadTimes times = new JvmThreadTimes();
        assertArrayEquals(new long[] {30, 4}, times.update(Map.of(10L, new long[] {JIT, 20}, 11L, new long[] {JIT, 10},
                12L, new long[] {GC, 4})));
        assertArrayEquals(new long[] {32, 5}, times.update(Map.of(10L, new long[] {JIT, 22}, 12L, new long[] {GC, 5})),
                "thread 11 ended: its 10 ticks stay counted");
        assertArrayEquals(new long[] {35, 5}, times.update(Map.of(10L, new long[] {JIT, 22}, 11L, new long[] {JIT, 3},
                12L, new long[] {GC, 5})), "a new thread under an ended one's id adds to it");
        assertArrayEquals(new long[] {36, 5}, times.update(Map.of(10L, new long[] {JIT, 1}, 12L, new long[] {GC, 5})),
                "an id reused between readings (fewer ticks than before) is a new thread");
    }
}
