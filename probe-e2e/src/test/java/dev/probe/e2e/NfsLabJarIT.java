package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.testing.GaneshaServer;
import dev.probe.core.testing.ResultInvariants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 44 through the jar: nfs-ganesha at the lab's server site, {@code probe disk --nfs} at its client site 2 ms
 * away, the client's receive buffer held to 256 KiB (net.ipv4.tcp_rmem in its namespace, a host setting): one
 * connection's sequential reads are window-bound (256 KiB / 2 ms is at most 131 MB/s, and the window is part of the
 * buffer), and the result says so; four connections move at least 1.5 times what one does; oltp's IOPS rise with the
 * outstanding I/Os as ORION's table shows (8 outstanding pass the 1 / RTT ceiling of one at a time).
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class NfsLabJarIT extends TwoSiteLabBase {
    private static final ObjectMapper JSON = new ObjectMapper();

    NfsLabJarIT() {
        super("pn", "10.247.");
    }

    @Test
    void fourConnectionsCarryMoreThanOneWindowBoundConnectionTwoMillisecondsAway() throws Exception {
        String why = GaneshaServer.whyNot();
        assumeTrue(why == null, why);
        ProbeProcess up = ProbeProcess.start("lab", "up", "--name", name, "--subnet", subnet, "--rtt-ms", "2");
        assertEquals(0, up.awaitExit(), up.stdout() + up.stderr());
        Path export = Files.createDirectories(dir.resolve("export"));
        try (GaneshaServer server = GaneshaServer.start(name + "-server", Files.createDirectories(dir.resolve("g")),
                export, false)) {
            ProbeProcess narrow = ProbeProcess.start("lab", "run", "--name", name, "sysctl", "-w",
                    "net.ipv4.tcp_rmem=4096 131072 262144");
            assertEquals(0, narrow.awaitExit(), narrow.stderr());
            Path json = dir.resolve("nfs.json");
            ProbeProcess disk = ProbeProcess.inLab(List.of("--name", name), "disk", "--nfs", serverAddress + ":"
                    + export,
                    "--connections", "1,4", "--profile", "oltp,olap", "--size", "256MiB", "--point", "1s",
                    "--max-outstanding", "8", "--json", json.toString());
            assertEquals(0, disk.awaitExit(240), disk.stdout() + disk.stderr());
            System.out.println("NfsLabJarIT:\n" + disk.stdout());
            JsonNode doc = JSON.readTree(json.toFile());
            ResultInvariants.check(doc);
            JsonNode table = doc.at("/summary/nfs/table");
            double one = table.get(0).path("seq_read_mbps").asDouble();
            double four = table.get(1).path("seq_read_mbps").asDouble();
            assertEquals(4, table.get(1).path("connections").asInt());
            assertTrue(one < 131, "one connection under its window's ceiling: " + one);
            // four windows carry 1.5 x one only where the host lets them fill: run 73 (five test JVMs and labs beside
            // it) kept 54 KiB a connection in flight at 4 (51.4 MB/s x 4.2 ms / 4), a fifth of a 256 KiB window, so
            // the host bound them, not their windows; then four must still not carry less than one
            double rtt = doc.at("/summary/nfs/idle_rtt_ms").asDouble();
            long rmemMax = doc.at("/summary/nfs/tcp_rmem_max").asLong();
            double perConnectionKib = four / 4 * rtt * 1e3 / 1024;
            boolean fourFilled = perConnectionKib * 1024 >= 0.35 * rmemMax;
            assertTrue(four >= (fourFilled ? 1.5 : 1.0) * one, "4 connections " + four + " MB/s against 1's " + one
                    + " (" + perConnectionKib + " KiB in flight a connection at 4)");
            // window-bound where the one connection kept at least 0.35 of tcp_rmem in flight (NfsTable's rule); run 76,
            // beside five test JVMs and labs, kept 73 KiB of 256 and was rightly called "not window-bound"
            String window = doc.at("/summary/nfs/window").asText();
            Matcher kept = Pattern.compile("kept (\\d+) KiB in flight").matcher(window);
            assertTrue(kept.find(), window);
            boolean oneFilled = Long.parseLong(kept.group(1)) * 1024 >= 0.35 * rmemMax;
            assertTrue(window.contains(oneFilled ? ": window-bound" : ": not window-bound (the server, the link or the "
                    + "outstanding I/Os hold it)"), doc.at("/summary/nfs").toString());
            assertTrue(disk.printed("advice more connections help: Direct NFS"), disk.stdout());
            assertTrue(rtt >= 2 && rtt < 10, "the lab's 2 ms and its forwarder: " + rtt);
            try (Stream<Path> left = Files.list(export)) {
                assertEquals(List.of(), left.toList(), "the test file removed");
            }
            List<Double> iops = new ArrayList<>();
            List<JsonNode> points = new ArrayList<>();
            doc.path("intervals").forEach(p -> {
                if (p.path("connections").asInt() == 1 && p.path("workload").asText().equals("oltp")) {
                    iops.add(p.path("iops").asDouble());
                    points.add(p);
                }
            });
            // the oltp ladder climbs 1, 2, 4, 8 and stops once a point's mean latency is over its bound (ORION's rule);
            // a loaded host can reach it at 4 (run 70: 145.8, 204.8, 232.1 IOPS), so 8 is asserted only where measured
            double bound = doc.at("/params/max_latency_ms").asDouble();
            assertTrue(bound > 0, doc.at("/params").toString());
            if (iops.size() < 3) {
                // the ladder stopping where a point's mean latency passed the bound is ORION's rule, not a fault; on a
                // 2 ms link with no rate limit only the host holds an I/O that long (the CI of 2026-12-07: 72.2 then
                // 54.0 IOPS, 2 outstanding already past it; the CI of 2abdf254: 184 IOPS at 1 with 5.4 ms reads, then
                // 22 ms reads at 2, the connection's smoothed RTT 19 ms): the stop must be the bound's
                JsonNode stop = points.get(points.size() - 1);
                assertTrue(stop.at("/read_latency_ms/avg").asDouble() > bound
                        || stop.at("/write_latency_ms/avg").asDouble() > bound, "outstanding 1, 2, 4 at least, or a "
                                + "ladder stopped at its " + bound + " ms bound: " + points);
                return;
            }
            double last = iops.get(iops.size() - 1);
            // one outstanding I/O waits a round trip; eight overlap theirs, so they pass the one-at-a-time ceiling. How
            // far past is the host's CPU (ganesha, the forwarder, the JVM): 3 x idle, 726 at 8 after 866 at 4 on a
            // loaded CI host, so the test asserts the overlap, not a multiple. Where the host, not the round trip, held
            // one I/O at a time (a fresh-clone run: 127.7 IOPS against a 1 / RTT of about 400, then 343.3 at 8) the
            // ceiling is not what binds, and the rise below is the overlap's evidence
            if (iops.size() == 4 && iops.get(0) > 0.5 * 1000 / rtt) {
                assertTrue(last > 1000 / rtt, "8 outstanding pass one round trip's ceiling: " + iops);
            }
            assertTrue(last >= 1.5 * iops.get(0), "IOPS rise with the outstanding I/Os: " + iops);
            assertTrue(iops.get(0) < 1000 / 2.0 * 1.1, "one outstanding I/O waits a round trip: " + iops);
        }
    }
}
