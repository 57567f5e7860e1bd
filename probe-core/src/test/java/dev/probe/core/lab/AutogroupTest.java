package dev.probe.core.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/**
 * A forwarder raises its session's autogroup only where it leads that session: a test JVM (surefire's fork, in the
 * build's session) leaves its session's weight as it was. The raise itself is seen in LabJarIT, on a forwarder that
 * {@code lab up} starts under setsid.
 */
class AutogroupTest {
    @Test
    void aProcessInSomeoneElsesSessionLeavesItsWeightAlone() {
        assertFalse(Autogroup.sessionLeader(), "surefire's fork does not lead its session");
        int before = Autogroup.nice();
        Autogroup.raiseOnce(-10);
        assertEquals(before, Autogroup.nice(), "the build's session keeps its nice value");
    }
}
