package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.qualify.LagTrace;
import dev.probe.core.testing.RunningServer;
import dev.probe.core.testing.TestServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 41: a RAC primary's plan ships from its nodes. On loopback two agents stand for two nodes, each sending its own
 * instance's redo (2 and 1 MB/s) to every destination at once: the ASYNC standby receives the sum, each node's share
 * listed; the SYNC standby's commit time is the slowest node's.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class PlanRacTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final RunningServer sb1 = RunningServer.with(c -> c);
    @RegisterExtension
    final RunningServer sb2 = RunningServer.with(c -> c);

    private ProbeServer node(String name) throws Exception {
        return TestServers.loopbackAgent(dir.resolve(name));
    }

    @Test
    void eachNodeShipsItsOwnInstancesRedoToEveryDestination() throws Exception {
        try (ProbeServer n1 = node("n1"); ProbeServer n2 = node("n2")) {
            Path plan = dir.resolve("rac.yaml");
            Files.writeString(plan, """
                    redo: [2MB/s, 1MB/s]
                    sites:
                      prim: {role: primary, agents: [127.0.0.1:%d, 127.0.0.1:%d]}
                      sb1:  {role: standby, server: 127.0.0.1:%d}
                      sb2:  {role: standby, server: 127.0.0.1:%d}
                    routes:
                      prim: "(LOCAL : sb1 SYNC, sb2 ASYNC)"
                    sync: {commit-budget: 2s}
                    """.formatted(n1.address().getPort(), n2.address().getPort(), sb1.port(), sb2.port()));
            // 20 s: the redo phase runs 8 s, seven points for the lag's slope; at 12 s (4 s, three points) one stall of
            // a loaded CI machine at the end read as growth (0.016 s/s) and failed the hop at 100 % carried
            QualifiedPlan run = QualifiedPlan.run(plan, dir.resolve("plan.json"), "--budget", "20s");
            assertEquals(0, run.code(), run.printed());
            JsonNode doc = run.doc();
            String out = run.out();
            JsonNode async = doc.path("hops").get(1);
            assertEquals(2, async.path("nodes").size(), async.toString());
            assertEquals(3e6, async.path("carried_bytes_s").asDouble(), 0.1 * 3e6, "both instances' redo: " + async);
            assertEquals("PASS", async.path("status").asText(), out.toString());
            JsonNode sync = doc.path("hops").get(0);
            assertEquals(2, sync.path("nodes").size(), sync.toString());
            assertTrue(doc.at("/summary/commit_ms/mean").asDouble() > 0, doc.path("summary").toString());
            assertTrue(out.toString().contains("from 2 RAC nodes, each its own instance's redo (node 1 2.0 MB/s, "
                    + "node 2 1.0 MB/s)"), out.toString());
            assertTrue(out.toString().contains("Note: each of the 2 RAC nodes ships its own instance's redo"),
                    out.toString());
        }
    }

    @Test
    void eachNodesThreadIsRelayedThroughAFarSyncAndJudgedOnItsShare() throws Exception {
        // issue 56: the standard MAA layout, a RAC primary shipping SYNC to a Far Sync that forwards ASYNC, beside a
        // local standby; the dry run and the run take the same plan
        try (ProbeServer n1 = node("n1"); ProbeServer n2 = node("n2"); ProbeServer fs1 = node("fs1")) {
            Path plan = dir.resolve("rac-fs.yaml");
            Files.writeString(plan, """
                    redo: [2MB/s, 1MB/s]
                    sites:
                      prim: {role: primary, agents: [127.0.0.1:%d, 127.0.0.1:%d]}
                      fs:   {role: far-sync, server: 127.0.0.1:%d, agent: 127.0.0.1:%d}
                      dr:   {role: standby, server: 127.0.0.1:%d}
                      loc:  {role: standby, server: 127.0.0.1:%d}
                    routes:
                      prim: "(LOCAL : fs SYNC, loc ASYNC)"
                      fs:   "(prim : dr ASYNC)"
                    sync: {commit-budget: 2s}
                    """.formatted(n1.address().getPort(), n2.address().getPort(), sb1.port(),
                    fs1.address().getPort(), sb2.port(), sb2.port()));
            QualifiedPlan run = QualifiedPlan.run(plan, dir.resolve("plan.json"), "--budget", "16s");
            assertEquals(0, run.code(), run.printed());
            JsonNode relayed = run.doc().path("hops").get(2);
            assertEquals("fs", relayed.path("from").asText(), relayed.toString());
            assertEquals(2, relayed.path("threads").size(), relayed.toString());
            // each thread carries its instance's share unless its redo reached the relay late, which on one host is
            // the host's CPU and the verdict says so from its evidence: the end-to-end lag grew while the far hop's own
            // lag behind what fs forwarded stayed flat (fresh-clone runs beside the e2e labs at nice -10: node 1's
            // redo reached fs at 1.29 of 2 MB/s; node 2's at 1.41 of 1 MB/s on average but late in stretches, the relay
            // holding 95 messages, as it forwards no faster than the redo, and sb1 carried 0.89)
            double[] share = {2e6, 1e6};
            for (int i = 0; i < share.length; i++) {
                JsonNode thread = relayed.path("threads").get(i);
                if (run.out().contains("node " + (i + 1) + "'s thread: the redo reached fs late on connections that "
                        + "never left this host: the host fell behind")) {
                    assertTrue(thread.at("/lag/growth_s_per_s").asDouble() > LagTrace.FLAT_GROWTH
                            && thread.at("/relay/hop_lag/flat").asBoolean(), "late by the lags: " + thread);
                    System.out.println("PlanRacTest: node " + (i + 1) + "'s redo reached fs late: host-bound "
                            + thread);
                } else {
                    assertEquals(share[i], thread.path("carried_bytes_s").asDouble(), 0.1 * share[i],
                            relayed.toString());
                }
            }
            assertEquals(relayed.at("/threads/0/carried_bytes_s").asDouble() + relayed.at("/threads/1/carried_bytes_s")
                    .asDouble(), relayed.path("carried_bytes_s").asDouble(), 1, relayed.toString());
            assertEquals("PASS", relayed.path("status").asText(), run.out());
            assertTrue(Pattern.compile("node 2's thread: carried [0-9.]+ MB/s of the 1\\.0 MB/s it must carry")
                    .matcher(run.out()).find(), run.out());
            assertTrue(run.doc().at("/hops/0/redo").isMissingNode() && run.doc().at("/hops/0/nodes").size() == 2,
                    "the SYNC hop from both nodes: " + run.doc().path("hops").get(0));
        }
    }
}
