package dev.probe.core.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
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
        assertEquals("50.0 % of a core (0.80 s user, 0.20 s sys; 0.250 s/GiB; JIT 0.10 s, GC 0.02 s)",
                new CpuUsage(0.8, 0.2, 2.0, 2, 0.1, 0.02).describe(4L << 30));
    }

    @Test
    void theJvmsOwnThreadsAreToldApartByName() {
        assertTrue(CpuTime.isJit("C2 CompilerThre") && CpuTime.isJit("C1 CompilerThre") && CpuTime.isJit(
                "Sweeper thread"));
        assertTrue(CpuTime.isGc("GC Thread#0") && CpuTime.isGc("G1 Conc#0") && CpuTime.isGc("G1 Refine#0")
                && CpuTime.isGc("VM Thread"), "the serial collector's pauses run on the VM thread");
        assertFalse(CpuTime.isJit("probe-io-3-1") || CpuTime.isGc("probe-io-3-1") || CpuTime.isGc("VM Periodic Tas"));
    }

    @Test
    void collectingShowsUpAsGcTimeWithinTheProcesssCpu() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self/task")),
                "Linux /proc");
        CpuTime start = CpuTime.now();
        // full collections run on the GC's threads, not this one
        long sum = 0;
        for (int i = 0; i < 30; i++) {
            for (int j = 0; j < 20_000; j++) {
                sum += Integer.rotateLeft(j * 31 + i, i & 31) ^ Long.hashCode(sum);
            }
            System.gc();
        }
        CpuUsage used = start.until(CpuTime.now());
        assertTrue(sum != 1 && used.jvmKnown(), "JIT and GC shares read on Linux: " + used);
        assertTrue(used.jitSeconds() >= 0 && used.gcSeconds() >= 0, used.toString());
        assertTrue(used.jitSeconds() + used.gcSeconds() <= used.userSeconds() + used.systemSeconds() + 0.02,
                "the JVM's share is part of the process's CPU: " + used);
        assertTrue(used.gcSeconds() > 0, "30 full collections take CPU on the GC threads: " + used);
    }

    @Test
    void aBusyThreadShowsUpInThisProcessesCpuTime() {
        CpuTime start = CpuTime.now();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
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
