package dev.probe.core.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The probe's own CPU cost: the arithmetic, the starvation rule, and a real sample of this process. */
class CpuUsageTest {
    @Test
    void percentPerGibAndStarvation() {
        CpuUsage u = new CpuUsage(0.8, 0.2, 2.0, 2);
        assertEquals(50, u.percentOfCore(), 1e-9);
        assertEquals(0.25, u.secondsPerGib(4L << 30), 1e-9);
        assertTrue(Double.isNaN(u.secondsPerGib(0)));
        assertFalse(u.starved());
        assertTrue(new CpuUsage(3.0, 0.7, 2.0, 2).starved(), "185 % of two cores is above 90 % of them");
        assertFalse(new CpuUsage(3.0, 0.5, 2.0, 2).starved(), "175 % is not");
        assertEquals("50.0 % of a core (0.80 s user, 0.20 s sys; 0.250 s/GiB)", u.describe(4L << 30));
    }

    @Test
    void aBusyThreadShowsUpInThisProcessesCpuTime() {
        CpuTime start = CpuTime.now();
        long x = 0;
        long end = System.nanoTime() + 300_000_000L;
        while (System.nanoTime() < end) {
            x += Long.numberOfTrailingZeros(x + System.nanoTime());
        }
        CpuUsage used = start.until(CpuTime.now());
        assertTrue(x >= 0);
        assertTrue(used.userSeconds() + used.systemSeconds() >= 0.2, "a busy 0.3 s counted: " + used);
        assertTrue(used.wallSeconds() >= 0.3);
        assertEquals(Runtime.getRuntime().availableProcessors(), used.cores());
    }
}
