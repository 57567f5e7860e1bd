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
        CatchUp c = CatchUp.of(12e6, 4e6, steady(10e6, 6, 0.5), 4e6);
        assertTrue(c.ends());
        assertEquals(2.0, c.formulaSeconds(), 1e-9);
        assertEquals(2.0, c.measuredSeconds(), 1e-9);
        assertEquals(10e6, c.gapBytesPerS(), 1);
        assertEquals(6.0, c.windowSeconds(), 1e-9);
    }

    @Test
    void aGapSlowerThanTheRedoNeverCatchesUp() {
        CatchUp c = CatchUp.of(12e6, 4e6, steady(3e6, 6, 0.5), 4e6);
        assertFalse(c.ends());
        assertEquals(Double.POSITIVE_INFINITY, c.formulaSeconds());
        assertTrue(Double.isNaN(c.measuredSeconds()), "never crossed");
    }

    @Test
    void aLiveRedoThatFallsBehindBesideTheGapNeverCatchesUpHoweverFastTheGap() {
        // the lab's 40 ms, 0.1 % hop: the redo stream carried 3.0 of 10 MB/s while four gap streams moved 13.8
        CatchUp c = CatchUp.of(200e6, 10e6, steady(13.8e6, 18, 0.5), 3e6);
        assertFalse(c.liveKeepsUp());
        assertFalse(c.ends(), "what is owed only grows");
        assertEquals(Double.POSITIVE_INFINITY, c.formulaSeconds());
    }

    @Test
    void aBacklogLargerThanTheWindowIsCarriedForwardFromTheGapsRate() {
        CatchUp c = CatchUp.of(72e9, 20e6, steady(50e6, 10, 1), Double.NaN);
        assertTrue(Double.isNaN(c.measuredSeconds()));
        assertEquals(72e9 / 30e6, c.formulaSeconds(), 1e-6);
    }
}
