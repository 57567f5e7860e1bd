package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.testing.ResultInvariants;
import dev.probe.core.testing.RunningServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code qualify --plan FILE} run for real (issue 41): a primary shipping SYNC (AFFIRM) to one standby and ASYNC to
 * another, both on loopback servers of their own, every hop at once; each hop's verdict, the configuration's, and
 * the result document.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class PlanRunCliTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final RunningServer near = RunningServer.with(c -> c);
    @RegisterExtension
    final RunningServer far = RunningServer.with(c -> c);

    @Test
    void everyHopAtOnceWithAVerdictEachAndOneForTheConfiguration() throws Exception {
        Path plan = dir.resolve("dg.yaml");
        Files.writeString(plan, """
                redo: 4MB/s
                sites:
                  prim: {role: primary}
                  sb1:  {role: standby, server: 127.0.0.1:%d}
                  sb2:  {role: standby, server: 127.0.0.1:%d}
                routes:
                  prim: "(LOCAL : sb1 SYNC, sb2 ASYNC)"
                sync: {commit-budget: 2s}        # this host's forced writes, not a WAN's, are timed
                """.formatted(near.port(), far.port()));
        Path json = dir.resolve("plan.json");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"qualify", "--plan", plan.toString(), "--budget", "12s",
            "--redo-write-size", "16KiB", "--json", json.toString()}, new PrintWriter(out, true),
                new PrintWriter(err, true));
        String o = out.toString();
        assertEquals(0, code, o + err);
        assertTrue(o.contains("(round trip of every hop at once, "), o);
        assertTrue(o.contains("(the redo on every hop at once, "), o);
        assertTrue(o.contains("VERDICT: PASS"), o);
        assertTrue(o.contains(String.format("%-30s %-8s added commit time p50 ", "SYNC prim -> sb1", "PASS")), o);
        assertTrue(o.contains("16384-byte writes back to back while every other hop carries its redo"), o);
        assertTrue(o.contains(String.format("%-30s %-8s carried 4.0 MB/s of the 4.0 MB/s it must carry",
                "ASYNC prim -> sb2", "PASS")), o);
        assertTrue(o.contains("transport lag flat at the peak"), o);
        assertTrue(o.contains("the primary's uplink carried "), o);
        JsonNode doc = Json.MAPPER.readTree(json.toFile());
        ResultInvariants.check(doc);
        assertEquals("plan", doc.path("kind").asText());
        assertEquals("PASS", doc.at("/summary/overall").asText());
        JsonNode sb2 = doc.path("hops").get(1);
        assertEquals("ASYNC", sb2.path("mode").asText());
        double carried = sb2.path("carried_bytes_s").asDouble();
        assertTrue(Math.abs(carried - 4e6) < 0.1 * 4e6, "ASYNC paced at the 4 MB/s peak: " + carried);
        JsonNode sb1 = doc.path("hops").get(0);
        assertEquals("SYNC", sb1.path("mode").asText());
        assertTrue(sb1.at("/redo/params/write").asBoolean(), "SYNC is AFFIRM: the standby writes: " + sb1);
        double commitP50 = doc.at("/summary/commit_ms/p50").asDouble();
        assertEquals(sb1.at("/redo/summary/latency_ms/p50").asDouble(), commitP50, 1e-9,
                "one SYNC destination: the commit waits for it");
        assertTrue(sb1.at("/redo/summary/disk_write_ms/p50").asDouble() > 0, "the forced write was timed: " + sb1);
    }
}
