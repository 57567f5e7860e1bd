package dev.probe.core.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A forwarder raises its session's autogroup only where it leads that session: a test JVM (surefire's fork, in the
 * build's session) leaves its session's weight as it was. The raise itself is seen in LabJarIT, on a forwarder that
 * {@code lab up} starts under setsid.
 */
class AutogroupTest {
    @Test
    void aProcessInSomeoneElsesSessionLeavesItsWeightAlone() throws IOException {
        assertFalse(Autogroup.sessionLeader(), "surefire's fork does not lead its session");
        String before = group();
        Autogroup.raiseOnce(-10);
        assertEquals(before, group(), "the build's session keeps its nice value");
    }

    /** This process's autogroup ({@code /autogroup-N nice K}); empty where the kernel has none. */
    private static String group() throws IOException {
        Path p = Path.of("/proc/self/autogroup");
        return Files.exists(p) ? Files.readString(p).trim() : "";
    }
}
