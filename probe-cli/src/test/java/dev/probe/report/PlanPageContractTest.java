package dev.probe.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.cli.QualifiedPlan;
import dev.probe.core.testing.RunningServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * PlanPage against what core's {@code PlanResult} writes: a plan with an outage run for real on loopback (a SYNC and
 * an ASYNC standby, the catch-up phase too), its document read by the page through {@link ReadKeys}; every key the
 * page reads is one the writer wrote, and the page shows the document's figures.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class PlanPageContractTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final RunningServer near = RunningServer.with(c -> c);
    @RegisterExtension
    final RunningServer far = RunningServer.with(c -> c);

    @Test
    void everyKeyThePageReadsIsOneTheResultWrites() throws Exception {
        Path plan = dir.resolve("dg.yaml");
        Files.writeString(plan, """
                redo: 3MB/s
                sites:
                  prim: {role: primary}
                  sb1:  {role: standby, server: 127.0.0.1:%d}
                  sb2:  {role: standby, server: 127.0.0.1:%d}
                routes:
                  prim: "(LOCAL : sb1 FASTSYNC, sb2 ASYNC)"
                sync: {commit-budget: 2s}
                outage: 5s
                gap-connections: 2
                """.formatted(near.port(), far.port()));
        QualifiedPlan run = QualifiedPlan.run(plan, dir.resolve("plan.json"), "--budget",
                "14s", "--out", dir.resolve("page").toString());
        assertEquals(0, run.code(), run.printed());
        JsonNode doc = run.doc();
        String out = run.out();
        ReadKeys keys = new ReadKeys();
        String html = Files.readString(PlanPage.write(keys.wrap(doc), dir.resolve("again")));
        Set<String> missing = new TreeSet<>(keys.missing());
        // each hop has one of them: an ASYNC hop its lag, a SYNC hop its commit times
        missing.removeAll(Set.of("hops[].lag", "hops[].redo.summary.latency_ms",
                // a RAC primary's SYNC hop writes the slowest node's mean (PlanRacTest), a single primary's its p50
                "hops[].commit_ms.mean"));
        assertTrue(doc.path("hops").get(1).path("lag").isObject(), "the ASYNC hop's lag is written");
        assertTrue(doc.path("hops").get(0).at("/redo/summary/latency_ms").isObject(), "the SYNC hop's times are");
        assertEquals(Set.of(), missing, "read by PlanPage, written by no PlanResult");
        assertTrue(keys.read().containsAll(List.of("hops[].status", "hops[].carried_bytes_s", "sites[].depth",
                "summary.verdicts[].reasons", "hops[].catch_up")), keys.read().toString());
        assertEquals(Files.readString(dir.resolve("page").resolve("plan.html")), html, "the page qualify wrote");
        JsonNode c = doc.path("hops").get(1).path("catch_up");
        assertEquals(15e6, c.path("backlog_bytes").asDouble(), 1, "3 MB/s x 5 s");
        assertTrue(html.contains(String.format("%.1f s by the formula", c.path("formula_s").asDouble())), html);
        assertTrue(html.contains("<svg") && html.contains(">sb2</text>") && html.contains("ASYNC PASS"), html);
        assertTrue(out.toString().contains("catch-up prim -> sb2"), out.toString());
    }
}
