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
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long mine = threads.getCurrentThreadCpuTime();
        long x = 0;
        long giveUp = System.nanoTime() + 10_000_000_000L;
        // spin until this thread itself has had 0.3 s of CPU, however busy the machine is (a shared CI host)
        while (threads.getCurrentThreadCpuTime() - mine < 300_000_000L && System.nanoTime() < giveUp) {
            x += Long.numberOfTrailingZeros(x + System.nanoTime());
        }
        CpuUsage used = start.until(CpuTime.now());
        assertTrue(x >= 0);
        assertTrue(used.userSeconds() + used.systemSeconds() >= 0.25, "the thread's 0.3 s of CPU counted: " + used);
        assertTrue(used.wallSeconds() >= 0.25);
        assertEquals(Runtime.getRuntime().availableProcessors(), used.cores());
    }
}
