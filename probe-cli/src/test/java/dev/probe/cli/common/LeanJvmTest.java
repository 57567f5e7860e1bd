package dev.probe.cli.common;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The user's own heap and collector flags stand; only a JVM started without them is restarted lean. */
class LeanJvmTest {
    @Test
    void heapRamOrCollectorFlagsAreTheUsersChoice() {
        for (String flag : List.of("-Xmx2g", "-Xms1g", "-XX:MaxRAMPercentage=10", "-XX:+UseG1GC", "-XX:+UseZGC",
                "-XX:MaxHeapSize=1g", "-XX:MaxRAM=4g")) {
            assertTrue(LeanJvm.chosenByUser(List.of("-Dprobe.nio=true", flag)), flag);
        }
        assertFalse(LeanJvm.chosenByUser(List.of("-Dprobe.transport=io_uring", "-XX:+UseCompressedOops",
                "-XX:-UsePerfData")),
                "flags that are not about the heap or the collector");
        assertTrue(LeanJvm.FLAGS.contains("-XX:+UseSerialGC") && LeanJvm.FLAGS.contains("-Xms16m"), LeanJvm.FLAGS
                .toString());
    }
}
