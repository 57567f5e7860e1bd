package dev.probe.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.result.IntervalSample;
import org.junit.jupiter.api.Test;

/** Catching up after an outage as Oracle's notes size it: backlog / (gap - redo), and when the gap really crossed. */
class CatchUpTest {
    private static CatchUp.Trace steady(double gapBytesPerS, double seconds, double step) {
        CatchUp.Trace t = new CatchUp.Trace();
        for (double s = step; s <= seconds + 1e-9; s += step) {
            t.onInterval(new IntervalSample(s, step, Math.round(gapBytesPerS * step), 1, 0, null, null, null, false));
        }
        return t;
    }

    @Test
    void aSteadyGapCrossesTheBacklogPlusTheRedoSinceWhenTheFormulaSays() {
        // 12 MB owed, redo 4 MB/s, gap 10 MB/s: 12 / (10 - 4) = 2 s; 10 t = 12 + 4 t at t = 2
        CatchUp c = CatchUp.of(12e6, 4e6, steady(10e6, 6, 0.5));
        assertTrue(c.ends());
        assertEquals(2.0, c.formulaSeconds(), 1e-9);
        assertEquals(2.0, c.measuredSeconds(), 1e-9);
        assertEquals(10e6, c.gapBytesPerS(), 1);
        assertEquals(6.0, c.windowSeconds(), 1e-9);
    }

    @Test
    void aGapSlowerThanTheRedoNeverCatchesUp() {
        CatchUp c = CatchUp.of(12e6, 4e6, steady(3e6, 6, 0.5));
        assertFalse(c.ends());
        assertEquals(Double.POSITIVE_INFINITY, c.formulaSeconds());
        assertTrue(Double.isNaN(c.measuredSeconds()), "never crossed");
    }

    @Test
    void aBacklogLargerThanTheWindowIsCarriedForwardFromTheGapsRate() {
        CatchUp c = CatchUp.of(72e9, 20e6, steady(50e6, 10, 1));
        assertTrue(Double.isNaN(c.measuredSeconds()));
        assertEquals(72e9 / 30e6, c.formulaSeconds(), 1e-6);
    }
}
