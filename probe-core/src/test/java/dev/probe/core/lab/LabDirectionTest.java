package dev.probe.core.lab;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Json;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, point 4: a restore through a lab whose loss is on the backup direction ran 4.7x faster than the link it
 * stood for, with no warning. A run whose data does not cross the lossy direction is told so.
 */
class LabDirectionTest {
    private static ObjectNode lab(double lossPct, String lossDirection) {
        ObjectNode n = Json.object();
        n.put("loss_pct", lossPct);
        n.put("loss_direction", lossDirection);
        return n;
    }

    @Test
    void aRunAgainstTheLossyDirectionIsWarnedNamingTheFlagThatFixesIt() {
        String w = LabState.directionWarning("dg", lab(0.1, "backup"), Direction.RESTORE, LabState.THIS_RUN);
        assertTrue(w.startsWith("WARNING: lab dg loses packets only towards the server (backup)"), w);
        assertTrue(w.contains("this run's data flows towards the client (restore)"), w);
        assertTrue(w.contains("--direction restore (or --loss-both)"), w);
    }

    @Test
    void aRunWithTheLossOrWithoutAnyIsNotWarned() {
        assertNull(LabState.directionWarning("dg", lab(0.1, "backup"), Direction.BACKUP, LabState.THIS_RUN));
        assertNull(LabState.directionWarning("dg", lab(0.1, "both"), Direction.RESTORE, LabState.THIS_RUN));
        assertNull(LabState.directionWarning("dg", lab(0, "backup"), Direction.RESTORE, LabState.THIS_RUN),
                "no loss to miss");
        assertNull(LabState.directionWarning(null, Direction.RESTORE, LabState.THIS_RUN), "not in a lab");
    }
}
