package dev.probe.core.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A load point always measures: every worker times one I/O at least, however late a busy host runs it. */
class PointRunnerTest {
    @TempDir
    Path dir;

    @Test
    void aWorkerThatStartsAfterThePointsEndStillTimesOneWrite() throws Exception {
        // run 31: a 1 MiB redo point of 0.2 s on a host at load 11 came back with no write at all, and the console
        // failed on its missing latency; a point of no length is the same worker started after its end
        try (TestFile file = TestFile.create(dir, 8L << 20, true, false)) {
            LoadPoint p = new PointRunner(file).run(Workload.redo(1 << 20), 2, Duration.ZERO);
            assertEquals(2, p.writes(), "one write from each of the two workers");
            assertNotNull(p.writeLatency(), "and its latency");
        }
    }
}
