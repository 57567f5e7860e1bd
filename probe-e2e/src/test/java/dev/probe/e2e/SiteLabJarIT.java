package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.lab.Netns;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 41: a lab of four sites through the jar, as a DBA builds a Data Guard configuration on one machine: a Far
 * Sync 1 ms from the primary, a far standby 40 ms and 0.1 % behind it, a second standby 20 ms away, a Recovery
 * Appliance 2 ms away; {@code lab status --json} lists each site's address on each link, {@code lab run --site} runs
 * in a site, and every link keeps its round trip within 10 % of its setting while all four carry traffic at once
 * (plus what the host added to that link, by the lab's own counters: {@link LabDelay}).
 * Needs root, /dev/net/tun and iproute2; skipped with that reason elsewhere.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class SiteLabJarIT extends SiteLabBase {
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * What the userspace forwarder itself adds to a round trip on a 2-core machine (two TUN crossings and a Java
     * thread's wake-up each way), measured with every link busy and the build beside it: 0.18-0.33 ms in six
     * fresh-clone runs on the AMD EPYC VM, 0.85-0.94 ms on all four links alike in its CI of 2026-12-07 (a 1 ms
     * link's TCP min RTT 1.853 ms, the 40 ms link's 40.888): the host's wake-ups, not a link's delay.
     */
    private static final double FORWARDER_MS = 1.0;

    @Test
    void fourSitesKeepEveryLinksRoundTripWhileAllCarryTraffic() throws Exception {
        int n = ThreadLocalRandom.current().nextInt(0, 250);
        ProbeProcess up = ProbeProcess.start("lab", "up", "--name", name, "--subnet", "10.253." + n + ".0/24",
                "--site", "prim", "--site", "fs1", "--site", "sb1", "--site", "sb2", "--site", "ra",
                "--link", "prim:fs1,rtt-ms=1,rate=1gbit", "--link", "fs1:sb1,rtt-ms=40,loss-pct=0.1,rate=1gbit",
                "--link", "prim:sb2,rtt-ms=20,rate=200mbit", "--link", "prim:ra,rtt-ms=2,rate=1gbit");
        assertEquals(0, up.awaitExit(), up.stdout() + up.stderr());
        assertTrue(up.printed("lab " + name + " up: 5 sites, 4 links"), up.stdout());
        ProbeProcess status = ProbeProcess.start("lab", "status", "--name", name, "--json");
        assertEquals(0, status.awaitExit(), status.stderr());
        JsonNode state = JSON.readTree(status.stdout());
        String prefix = "10.253." + n + ".";
        assertEquals(prefix + "1", state.at("/sites/prim/addresses/fs1").asText(), state.toString());
        assertEquals(prefix + "2", state.at("/sites/fs1/addresses/prim").asText());
        assertEquals(prefix + "6", state.at("/sites/sb1/addresses/fs1").asText(), "link 2's /30: .5 and .6");
        assertTrue(state.at("/sites/prim/addresses/sb1").isMissingNode(), "no link joins prim and sb1");
        String[][] hops = {{"prim", "fs1", "1"}, {"fs1", "sb1", "40"}, {"prim", "sb2", "20"}, {"prim", "ra", "2"}};
        List<ProbeProcess> servers = new ArrayList<>();
        List<ProbeProcess> clients = new ArrayList<>();
        try {
            for (String[] hop : hops) {
                servers.add(inSite(hop[1], "server", "--port", "0", "--bind",
                        state.at("/sites/" + hop[1] + "/addresses/" + hop[0]).asText()));
            }
            for (int i = 0; i < hops.length; i++) {
                int port = servers.get(i).awaitServerPort();
                String to = state.at("/sites/" + hops[i][1] + "/addresses/" + hops[i][0]).asText();
                // on every link at once: redo streaming at 5 MB/s beside a SYNC probe of 1 KiB messages
                clients.add(inSite(hops[i][0], "client", to, "--port", String.valueOf(port), "--mode", "async",
                        "--rate", "5MB/s", "--length", "32k", "--duration", "12s", "--json",
                        dir.resolve(i + "-async.json").toString()));
                clients.add(inSite(hops[i][0], "client", to, "--port", String.valueOf(port), "--mode", "sync",
                        "--length", "1k", "--duration", "10s", "--json", dir.resolve(i + ".json").toString()));
            }
            for (ProbeProcess c : clients) {
                assertEquals(0, c.awaitExit(90), c.stdout() + c.stderr());
            }
            JsonNode links = LabDelay.state(name).path("links");
            StringBuilder seen = new StringBuilder();
            boolean kept = true;
            for (int i = 0; i < hops.length; i++) {
                JsonNode sync = JSON.readTree(dir.resolve(i + ".json").toFile()).path("summary");
                JsonNode async = JSON.readTree(dir.resolve(i + "-async.json").toFile()).path("summary");
                double setting = Double.parseDouble(hops[i][2]);
                double syncMin = sync.at("/tcp/min_rtt_ms").asDouble();
                double asyncMin = async.at("/tcp/min_rtt_ms").asDouble();
                // the link's round trip is the lower of the two connections' lowest: a SYNC message's ACK waits for
                // the server's reply, so on a busy host its every sample may carry the server's wake-up (the CI of
                // 2abdf254: the 1 ms link's SYNC connection never under 15.8 ms while the other three links held)
                double minRtt = Math.min(syncMin, asyncMin);
                // what the host added: the link's packets' mean lateness and its threads' mean wait for a CPU, both
                // ways; the lowest sample cannot lie above the mean (the CI of 2967393b: the 1 ms link's lowest
                // 5.171 ms while a 56-channel lab class beside it kept every forwarder waiting)
                double host = LabDelay.roundTripMs(JSON.createObjectNode(), links.path(i), List.of("to_b", "to_a"));
                seen.append(String.format("%s -> %s set %.0f ms: TCP min RTT %.3f ms (SYNC %.3f, ASYNC %.3f), SYNC p50 "
                        + "%.3f ms, the host added %.3f ms; ", hops[i][0], hops[i][1], setting, minRtt, syncMin,
                        asyncMin, sync.at("/latency_ms/p50").asDouble(), host));
                kept &= minRtt >= setting && minRtt <= setting * 1.1 + FORWARDER_MS + host;
            }
            System.out.println("SiteLabJarIT: " + seen);
            assertTrue(kept, "each link's round trip within 10 % of its setting (plus the forwarder's own "
                    + FORWARDER_MS + " ms) while every link carries traffic: " + seen);
        } finally {
            clients.forEach(ProbeProcess::close);
            servers.forEach(ProbeProcess::close);
        }
        ProbeProcess wrong = ProbeProcess.start("lab", "run", "--name", name, "--site", "sb9", "true");
        assertEquals(2, wrong.awaitExit());
        assertEquals("probe: --site sb9: not a site of lab '" + name + "' (sites: prim, fs1, sb1, sb2, ra)",
                wrong.stderr().trim());
        ProbeProcess down = ProbeProcess.start("lab", "down", "--name", name);
        assertEquals(0, down.awaitExit(), down.stderr());
        assertTrue(down.printed("link fs1 " + prefix + "5 - sb1 " + prefix + "6"), down.stdout());
        for (String site : List.of("prim", "fs1", "sb1", "sb2", "ra")) {
            assertTrue(!Netns.exists(name + "-" + site), "namespace " + name + "-" + site + " gone");
        }
    }
}
