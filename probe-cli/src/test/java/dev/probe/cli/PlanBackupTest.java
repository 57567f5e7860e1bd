package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.testing.RunningServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 41: a Recovery Appliance takes real-time redo and, at each log switch, a compressed archived-log backup over
 * its SBT channels. On loopback, the backup runs beside the redo in the redo phase's second half; one log's backup
 * (the peak redo x the log switch interval x the ratio) is judged against the interval at the throughput measured.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class PlanBackupTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final RunningServer zdlra = RunningServer.with(c -> c);

    @Test
    void anApplianceBacksUpEachLogBesideItsRealTimeRedo() throws Exception {
        Path plan = dir.resolve("ra.yaml");
        Files.writeString(plan, """
                redo: 2MB/s
                sites:
                  prim:  {role: primary}
                  zdlra: {role: recovery-appliance, server: 127.0.0.1:%d,
                          backup: {log-switch: 10s, ratio: 0.5, channels: 3}}
                routes:
                  prim: "(LOCAL : zdlra ASYNC)"
                """.formatted(zdlra.port()));
        QualifiedPlan run = QualifiedPlan.run(plan, dir.resolve("plan.json"), "--budget", "12s");
        assertEquals(0, run.code(), run.printed());
        JsonNode doc = run.doc();
        JsonNode b = doc.path("backups").get(0);
        assertEquals(20e6, b.path("log_bytes").asDouble(), 1, "2 MB/s x 10 s");
        assertEquals(10e6, b.path("backup_bytes").asDouble(), 1, "x 0.5");
        assertEquals(3, b.path("channels").asInt());
        double carried = b.path("carried_bytes_s").asDouble();
        assertTrue(carried > 2e6, b.toString());
        assertEquals(10e6 / carried, b.path("backup_s").asDouble(), 1e-6, b.toString());
        String text = run.out();
        assertTrue(text.contains("Backups to zdlra: at each log switch (every 10.0 s) 0.02 GB of archived log, 0.01 GB "
                + "to send (compressed at 0.50 (as given)) from prim over 3 SBT channels"), text);
        assertTrue(text.matches("(?s).*backups prim -> zdlra +PASS +one archived log's backup takes.*"), text);
        assertTrue(text.contains("3 SBT channels carried"), text);
    }
}
