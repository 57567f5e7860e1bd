package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.testing.ResultInvariants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 41: a Far Sync relays for real, through a lab of four sites as the issue draws it: prim ships SYNC to fs1
 * (1 ms), whose agent forwards ASYNC to sb1 (40 ms, 0.1 % loss, 1 Gbit/s), and ASYNC to sb2 (20 ms, 200 Mbit/s).
 * At 10 MB/s of redo the verdicts match a hand computation: each hop needs 10 / 0.7 x 8 = 114.3 Mbit/s (Oracle's
 * rule), which sb2's 200 Mbit/s carries; one stream at 40 ms and 0.1 % loss carries about Mathis's 1.4 MB/s (the
 * paper's streams 1.3-2.5 times it), so sb1 falls behind at about (10 - carried) / 10 seconds per second, named as
 * loss-limited; the SYNC hop adds at least its 1 ms round trip to a commit. At 1 MB/s sb1 keeps up, and its
 * end-to-end lag, measured from prim's send to sb1's acknowledgement through the relay, is never under the far
 * hop's 40 ms round trip (to one message of redo). Needs root, /dev/net/tun and iproute2; skipped with that reason elsewhere.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class FarSyncLabJarIT extends SiteLabBase {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern AGENT = Pattern.compile("Probe agent started on [0-9.]+:(\\d+)");

    private JsonNode run(String redo, String fs1, String fs1Agent, String sb1, String sb2, Path secret, String file,
                         String writeSize) throws Exception {
        Path plan = dir.resolve(file + ".yaml");
        Files.writeString(plan, """
                redo: %s
                sites:
                  prim: {role: primary}
                  fs1:  {role: far-sync, server: %s, agent: %s}
                  sb1:  {role: standby, server: %s}
                  sb2:  {role: standby, server: %s}
                routes:
                  prim: "(LOCAL : fs1 SYNC, sb2 ASYNC)"
                  fs1:  "(prim : sb1 ASYNC)"
                sync: {commit-budget: 10ms}
                """.formatted(redo, fs1, fs1Agent, sb1, sb2));
        Path json = dir.resolve(file + ".json");
        ProbeProcess q = inSite("prim", "qualify", "--plan", plan.toString(), "--secret-file", secret.toString(),
                "--budget", "30s", "--redo-write-size", writeSize, "--json", json.toString());
        int code = q.awaitExit(120);
        System.out.println("FarSyncLabJarIT " + redo + ": exit " + code + "\n" + q.stdout());
        JsonNode doc = JSON.readTree(json.toFile());
        ResultInvariants.check(doc);
        return doc;
    }

    @Test
    void aFarSyncRelaysAndEachHopsVerdictMatchesTheHandComputation() throws Exception {
        String p = "10.253." + ThreadLocalRandom.current().nextInt(0, 250) + ".";
        ProbeProcess up = ProbeProcess.start("lab", "up", "--name", name, "--subnet", p + "0/24", "--site", "prim",
                "--site", "fs1", "--site", "sb1", "--site", "sb2", "--link", "prim:fs1,rtt-ms=1,rate=10gbit",
                "--link", "fs1:sb1,rtt-ms=40,loss-pct=0.1,rate=1gbit", "--link", "prim:sb2,rtt-ms=20,rate=200mbit");
        assertEquals(0, up.awaitExit(), up.stdout() + up.stderr());
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "a-secret-of-at-least-16-bytes-for-the-lab");
        String s = secret.toString();
        try (ProbeProcess fs1 = inSite("fs1", "server", "--port", "0", "--bind", p + "2", "--secret-file", s);
             ProbeProcess agent = inSite("fs1", "agent", "--port", "0", "--bind", p + "2", "--secret-file", s,
                     "--allow-targets", p + "6");
             ProbeProcess sb1 = inSite("sb1", "server", "--port", "0", "--bind", p + "6", "--secret-file", s);
             ProbeProcess sb2 = inSite("sb2", "server", "--port", "0", "--bind", p + "10", "--secret-file", s)) {
            String fs1At = p + "2:" + fs1.awaitServerPort();
            String agentAt = p + "2:" + agent.awaitMatch(AGENT, ProbeProcess.PROGRESS_MS);
            String sb1At = p + "6:" + sb1.awaitServerPort();
            String sb2At = p + "10:" + sb2.awaitServerPort();

            JsonNode doc = run("10MB/s", fs1At, agentAt, sb1At, sb2At, secret, "busy", "32KiB");
            JsonNode sync = doc.path("hops").get(0);
            JsonNode near = doc.path("hops").get(1);
            JsonNode far = doc.path("hops").get(2);
            assertEquals("fs1", far.path("from").asText());
            double required = 10e6 / 0.7 * 8;
            for (JsonNode h : doc.path("hops")) {
                assertEquals(required, h.path("required_bits_s").asDouble(), 1, "Oracle's rule, by hand: " + h);
            }
            // sb2: 114.3 Mbit/s fits 200 Mbit/s
            assertEquals("PASS", near.path("status").asText(), near.toString());
            // sb1: one stream at 40 ms, 0.1 % loss: Mathis 1448 x 8 / 0.040 x sqrt(1.5) / sqrt(0.001) = 11.2 Mbit/s
            double mathis = 1448 * 8 / 0.040 * Math.sqrt(1.5) / Math.sqrt(0.001) / 8;
            double carried = far.path("carried_bytes_s").asDouble();
            assertTrue(carried > 0.5 * mathis && carried < 4 * mathis, "loss-limited near " + mathis + ": " + far);
            assertEquals("FAIL", far.path("status").asText(), far.toString());
            // it falls behind by at least what it cannot carry, and never faster than the redo comes. The carried rate
            // runs on the relay's clock, from its first data: a fresh agent first writes its 1 GiB AFFIRM rings
            // through (10 s here), so that span is shorter than the lag's and the growth reads above 1 - carried /
            // redo (0.712 and 0.746 against 0.63 in two fresh-clone runs; issue 60 saw the same with 3.44 MB/s)
            double growth = far.at("/lag/growth_s_per_s").asDouble();
            assertTrue(growth >= 1 - carried / 10e6 - 0.1 && growth <= 1.0,
                    "the far standby falls behind by what it cannot carry, through the relay: " + far);
            assertTrue(far.at("/relay/behind_messages").asLong() > 0, far.toString());
            assertTrue(far.at("/relay/min_rtt_ms").asDouble() >= 40, far.toString());
            String reasons = doc.at("/summary/verdicts").toString();
            assertTrue(reasons.contains("the loss holds this hop below its redo"), reasons);
            // the SYNC hop adds at least the link's round trip (1 ms) to every commit; the hop's measured round trip
            // (its round-trip phase's p50) is read in another window, which a loaded host can make the slower (a CI
            // run: 2.27 ms there, commits at 1.86 ms p50): the link's 1 ms is what the physics guarantees
            double rtt = sync.path("rtt_ms").asDouble();
            double commit = doc.at("/summary/commit_ms/p50").asDouble();
            assertTrue(rtt >= 1.0 && commit >= 1.0, "commit " + commit + " ms over a " + rtt
                    + " ms hop of a 1 ms link");
            assertTrue(sync.at("/redo/summary/disk_write_ms/p50").asDouble() > 0, "AFFIRM at fs1's relay: " + sync);

            // 8 KiB writes: the lag is read in whole messages, 8.2 ms of redo each at 1 MB/s
            JsonNode calm = run("1MB/s", fs1At, agentAt, sb1At, sb2At, secret, "calm", "8KiB");
            JsonNode farCalm = calm.path("hops").get(2);
            String calmWhy = calm.at("/summary/verdicts").toString();
            // sb1's hop keeps up with what fs1 forwards: its own lag is flat. Whether all of 1 MB/s reached fs1 is fs1's
            // host (run 41: 96 % carried at load 10, the end-to-end lag sloped, sb1's own flat); then the verdict
            // must name that, not sb1's link
            if (!farCalm.path("status").asText().equals("PASS")) {
                assertTrue(farCalm.at("/relay/hop_lag/flat").asBoolean(), farCalm.toString());
                assertTrue(calmWhy.contains("from the redo reaching fs1 late") && !calmWhy.contains("loss holds"),
                        calmWhy);
            }
            assertTrue(farCalm.at("/lag/last_s").asDouble() >= 0.040 - 8192 / 1e6,
                    "the end-to-end lag includes the relay and the far hop's 40 ms, to a message: " + farCalm);
            // what sb1 acknowledged is what fs1 forwarded, over the 24 s redo phase: the CI run on record carried 0.6
            // MB/s (PASS: the primary's SYNC writes averaged 1.0 MB/s but ran ahead early and fell below the redo
            // later, which the SYNC hop's verdict judges) and delivered 14.4 MB
            double carriedCalm = farCalm.path("carried_bytes_s").asDouble();
            assertTrue(farCalm.at("/relay/delivered_bytes").asLong() > 0.9 * carriedCalm * 20, farCalm.toString());
            if (carriedCalm < 0.97e6 && farCalm.path("status").asText().equals("PASS")) {
                assertTrue(calmWhy.contains("late in stretches") && calmWhy.contains("sb1 took all it was sent"),
                        calmWhy);
            }
        }
    }
}
