package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.testing.RunningServer;
import dev.probe.core.testing.TestServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 41: a Far Sync really relays. On loopback, prim ships SYNC to fs1, whose agent receives the redo (ACKed
 * after its forced write) and forwards it ASYNC to sb1, no faster than the redo (the SYNC hop's back-to-back writes
 * carry more, the relay holds the rest back); sb1's hop is judged on what sb1 received through the relay, its lag
 * from the primary's send to sb1's receipt; after an outage sb1's gap comes from fs1's agent beside the relayed redo;
 * the page draws the relayed hop.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class PlanRelayTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final RunningServer fs1 = RunningServer.with(c -> c);
    @RegisterExtension
    final RunningServer sb1 = RunningServer.with(c -> c);

    @Test
    void aFarSyncsAgentRelaysTheRedoAndTheFarStandbyIsJudgedOnWhatItReceived() throws Exception {
        try (ProbeServer agent = TestServers.loopbackAgent(dir.resolve("agent"))) {
            Path plan = dir.resolve("fs.yaml");
            Files.writeString(plan, """
                    redo: 3MB/s
                    sites:
                      prim: {role: primary}
                      fs1:  {role: far-sync, server: 127.0.0.1:%d, agent: 127.0.0.1:%d}
                      sb1:  {role: standby, server: 127.0.0.1:%d}
                    routes:
                      prim: "(LOCAL : fs1 SYNC)"
                      fs1:  "(prim : sb1 ASYNC)"
                    sync: {commit-budget: 2s}
                    outage: 5s
                    gap-connections: 2
                    """.formatted(fs1.port(), agent.address().getPort(), sb1.port()));
            QualifiedPlan run = QualifiedPlan.run(plan, dir.resolve("plan.json"), "--budget", "24s", "--out",
                    dir.resolve("page").toString());
            assertEquals(0, run.code(), run.printed());
            JsonNode doc = run.doc();
            String out = run.out();
            JsonNode relayed = doc.path("hops").get(1);
            assertEquals("fs1", relayed.path("from").asText(), relayed.toString());
            double carried = relayed.path("carried_bytes_s").asDouble();
            // no faster than the redo (the relay holds the rest back); on a loaded host the primary's SYNC writes reach
            // fs1 late in stretches (the CI run on record: 91 %, its verdict the host's), so the floor is 80 %
            assertTrue(carried <= 1.05 * 3e6 && carried >= 0.8 * 3e6, "sb1 received the redo's 3 MB/s through the "
                    + "relay: " + relayed);
            // the relay holds back what arrives faster than the redo, as the SYNC hop's back-to-back writes do on a
            // quiet host; in a fresh-clone run (107) they reached fs1 at 2.74 MB/s, under the redo's 3, and there was
            // nothing to hold (arrived = forwarded, held 0)
            double arrived = relayed.at("/relay/arrived_bytes_s").asDouble();
            if (arrived > 1.02 * 3e6) {
                assertTrue(relayed.at("/relay/held_messages").asLong() > 0,
                        "the SYNC hop's back-to-back writes carry more than the redo; the relay holds the rest: "
                                + relayed);
            } else {
                System.out.println("PlanRelayTest: the SYNC hop brought " + arrived + " B/s, under the redo's 3e6: "
                        + "nothing to hold");
            }
            assertTrue(relayed.at("/relay/delivered_bytes").asLong() > 0, relayed.toString());
            assertEquals("PASS", relayed.path("status").asText(), out + "\n" + relayed);
            JsonNode sync = doc.path("hops").get(0);
            assertTrue(sync.at("/redo/summary/disk_write_ms/p50").asDouble() > 0, "AFFIRM at the relay: " + sync);
            assertTrue(out.toString().contains("forwarded by fs1's relay as it received the redo from prim"),
                    out.toString());
            JsonNode caught = relayed.path("catch_up");
            assertEquals(15e6, caught.path("backlog_bytes").asDouble(), 1, "3 MB/s x 5 s, owed to sb1 too: " + relayed);
            assertTrue(caught.path("gap_bytes_s").asDouble() > 3e6, "the gap from fs1's agent: " + caught);
            assertTrue(out.toString().contains("catch-up fs1 -> sb1"), out.toString());
            String html = Files.readString(dir.resolve("page").resolve("plan.html"));
            assertTrue(html.contains(">sb1</text>") && html.contains("ASYNC PASS"), html);
        }
    }
}
