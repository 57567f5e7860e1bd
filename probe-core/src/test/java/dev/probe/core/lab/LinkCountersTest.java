package dev.probe.core.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A direction's counters, with what the host added (lateness, CPU wait), survive the state file and read right. */
class LinkCountersTest {
    @Test
    void theHostsDelaysRoundTripAndReadAsMeans() {
        LinkCounters c = new LinkCounters(1000, 1_500_000, 2, 0, 0, 40, 0, 0, 1, 1, 500_000_000L, 30_000_000L, 600);
        assertEquals(c, LinkCounters.fromJson(c.toJson()));
        assertEquals(0.5, c.lateMeanMs(), 1e-9, "500 ms late over 1000 packets");
        assertEquals(0.05, c.waitMeanMs(), 1e-9, "30 ms waited over 600 runs");
        assertTrue(c.describe().endsWith("; packets left a mean 0.500 ms late, its threads waited a mean 0.050 ms for "
                + "a CPU"), c.describe());
        LinkCounters netem = new LinkCounters(10, 100, 0, 0, 0, 1, 0, 0);
        assertEquals(0, netem.lateMeanMs());
        assertTrue(!netem.describe().contains("late"), "a link that does not count them says nothing: "
                + netem.describe());
    }

    @Test
    void readsTheCallingThreadsSchedulerAccount() throws Exception {
        Path stat = ThreadSched.self();
        assertNotNull(stat, "Linux with schedstats (every kernel this suite runs on)");
        long[] before = ThreadSched.waitAndRuns(stat);
        Thread.sleep(20); // off the CPU and back on: one more run at least
        long[] after = ThreadSched.waitAndRuns(stat);
        assertTrue(after[1] > before[1] && after[0] >= before[0], before[0] + "/" + before[1] + " then " + after[0]
                + "/" + after[1]);
        assertEquals(0, ThreadSched.waitAndRuns(null)[1]);
        assertEquals(0, ThreadSched.waitAndRuns(Path.of("/proc/self/task/0/schedstat"))[1], "a thread gone: zeros");
    }
}
