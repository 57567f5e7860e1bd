package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.testing.ResultInvariants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 41: a configuration qualified through a lab of three sites, as a DBA runs it: a local SYNC standby 1 ms away
 * and a remote ASYNC standby 20 ms away behind 100 Mbit/s, every hop at once, with the catch-up after an outage
 * measured beside the live redo; then 14 MB/s of redo on the 12.5 MB/s link, which the live redo cannot carry even on
 * its own: it never catches up, however fast the gap.
 * Needs root, /dev/net/tun and iproute2; skipped with that reason elsewhere.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class PlanLabJarIT extends SiteLabBase {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Path plan(String file, String redo, String near, String far) throws Exception {
        Path p = dir.resolve(file);
        Files.writeString(p, """
                redo: %s
                sites:
                  prim: {role: primary}
                  sb1:  {role: standby, server: %s}
                  sb2:  {role: standby, server: %s}
                routes:
                  prim: "(LOCAL : sb1 SYNC, sb2 ASYNC)"
                sync: {commit-budget: 5ms}
                outage: 30s
                gap-connections: 2
                """.formatted(redo, near, far));
        return p;
    }

    /**
     * Both standbys SYNC: a commit waits for the slower (the 20 ms one), and data-guard-sync-latency caps the wait at
     * the first acknowledgement plus the cap, each from the same run's per-destination percentiles.
     */
    private void twoSyncStandbysWaitForTheSlowerUnlessCapped(String nearAt, String farAt) throws Exception {
        for (String cap : List.of("0ms", "3ms")) {
            Path p = dir.resolve("sync" + cap + ".yaml");
            Files.writeString(p, """
                    redo: 2MB/s
                    sites:
                      prim: {role: primary}
                      sb1:  {role: standby, server: %s}
                      sb2:  {role: standby, server: %s}
                    routes:
                      prim: "(LOCAL : sb1 SYNC, sb2 FASTSYNC)"
                    sync: {commit-budget: 50ms, data-guard-sync-latency: %s}
                    """.formatted(nearAt, farAt, cap));
            Path json = dir.resolve("sync" + cap + ".json");
            Path events = dir.resolve("sync" + cap + ".jsonl");
            ProbeProcess run = inSite("prim", "qualify", "--plan", p.toString(), "--budget", "20s",
                    "--json", json.toString(), "--json-stream", events.toString());
            run.awaitExit(90);
            JsonNode doc = JSON.readTree(json.toFile());
            List<String> lines = Files.readAllLines(events);
            assertEquals("plan", JSON.readTree(lines.get(0)).at("/data/kind").asText(), lines.get(0));
            assertTrue(lines.stream().filter(l -> l.contains("\"event\":\"phase\"")).count() >= 2,
                    "each phase: " + lines);
            assertEquals(doc.path("summary"), JSON.readTree(lines.get(lines.size() - 1)).at("/data/summary"),
                    "the end event carries the document");
            double near = doc.path("hops").get(0).at("/redo/summary/latency_ms/p50").asDouble();
            double far = doc.path("hops").get(1).at("/redo/summary/latency_ms/p50").asDouble();
            double commit = doc.at("/summary/commit_ms/p50").asDouble();
            assertTrue(far > 20 && near < 10, "the far standby is 20 ms away, the near one 1 ms: " + doc);
            double expected = cap.equals("0ms") ? far : Math.min(far, near + 3);
            assertEquals(expected, commit, 1e-9, "cap " + cap + ": " + run.stdout());
        }
    }

    @Test
    void aThreeSitePlanRunsEveryHopAtOnceAndCatchesUpAsTheFormulaSays() throws Exception {
        int n = ThreadLocalRandom.current().nextInt(0, 250);
        String prefix = "10.254." + n + ".";
        ProbeProcess up = ProbeProcess.start("lab", "up", "--name", name, "--subnet", prefix + "0/24", "--site", "prim",
                "--site", "sb1", "--site", "sb2", "--link", "prim:sb1,rtt-ms=1,rate=1gbit",
                "--link", "prim:sb2,rtt-ms=20,rate=100mbit");
        assertEquals(0, up.awaitExit(), up.stdout() + up.stderr());
        Files.createDirectories(dir.resolve("d1"));
        Files.createDirectories(dir.resolve("d2"));
        try (ProbeProcess near = inSite("sb1", "server", "--port", "0", "--bind", prefix + "2",
                "--dir", dir.resolve("d1").toString());
             ProbeProcess far = inSite("sb2", "server", "--port", "0", "--bind", prefix + "6",
                     "--dir", dir.resolve("d2").toString())) {
            String nearAt = prefix + "2:" + near.awaitServerPort();
            String farAt = prefix + "6:" + far.awaitServerPort();
            Path json = dir.resolve("ok.json");
            ProbeProcess run = inSite("prim", "qualify", "--plan",
                    plan("ok.yaml", "2MB/s", nearAt, farAt).toString(), "--budget", "40s", "--json", json.toString());
            int code = run.awaitExit(120);
            JsonNode doc = JSON.readTree(json.toFile());
            ResultInvariants.check(doc);
            JsonNode sb1 = doc.path("hops").get(0);
            JsonNode sb2 = doc.path("hops").get(1);
            // by hand: a SYNC hop 1 ms away adds at least its round trip (and the standby's forced write) to a commit:
            // at least the lowest round trip its socket saw (the round-trip phase's p50, taken at another moment,
            // read 2.5 ms against commits of 2.1 ms on a busy machine)
            assertTrue(sb1.path("rtt_ms").asDouble() >= 1.0, sb1.toString());
            double minRtt = sb1.at("/redo/summary/tcp/min_rtt_ms").asDouble();
            assertTrue(minRtt >= 1.0 && doc.at("/summary/commit_ms/p50").asDouble() >= minRtt, doc.toString());
            // 2 MB/s of redo fits 100 Mbit/s (12.5 MB/s) by Oracle's rule: 2 / 0.7 x 8 = 22.9 Mbit/s
            assertTrue(Math.abs(sb2.path("carried_bytes_s").asDouble() - 2e6) < 0.1 * 2e6, sb2.toString());
            JsonNode c = sb2.path("catch_up");
            double formula = c.path("formula_s").asDouble();
            double measured = c.path("measured_s").asDouble();
            assertTrue(c.path("measured_s").isNumber() && Math.abs(measured - formula) <= 0.2 * formula,
                    "measured catch-up within 20 % of backlog / (gap - redo): " + c);
            assertEquals(60e6, c.path("backlog_bytes").asDouble(), 1, "2 MB/s x 30 s");
            // issue 56: the gap and the live redo are measured together, so no hop carries more than its link
            assertTrue(c.path("carried_bytes_s").asDouble() <= 12.5e6, "at most 100 Mbit/s: " + c);
            assertTrue(run.printed("catch-up prim -> sb2"), run.stdout());
            assertTrue(code == 0 || code == 6 || code == 5, run.stdout() + run.stderr());

            Path never = dir.resolve("never.json");
            ProbeProcess behind = inSite("prim", "qualify", "--plan",
                    plan("never.yaml", "14MB/s", nearAt, farAt).toString(), "--budget", "40s", "--json",
                    never.toString());
            assertEquals(5, behind.awaitExit(120), behind.stdout() + behind.stderr());
            assertTrue(behind.printed("catch-up prim -> sb2           FAIL     never catches up after 30.0 s: "),
                    behind.stdout());
            JsonNode farHop = JSON.readTree(never.toFile()).path("hops").get(1).path("catch_up");
            // on its own the live redo carried what 100 Mbit/s carries, less than the 14 MB/s: it falls behind for good
            assertTrue(farHop.path("live_alone_bytes_s").asDouble() < 0.97 * farHop.path("redo_bytes_s").asDouble(),
                    farHop.toString());
            assertTrue(farHop.path("formula_s").isNull(), farHop.toString());
            System.out.println("PlanLabJarIT: " + run.stdout());
            twoSyncStandbysWaitForTheSlowerUnlessCapped(nearAt, farAt);
        }
    }
}
