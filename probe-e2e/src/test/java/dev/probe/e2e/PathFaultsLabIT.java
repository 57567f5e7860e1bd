package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.testing.ResultInvariants;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 42: path faults the lab makes and probe names. Reordering: a lab link whose data direction lets the next
 * packet overtake one in a hundred; the client's intervals and summary carry TCP_INFO's reordering counters, the
 * console names it, and so does qualify's ASYNC verdict. Host settings: the standby's autotuning cap set short of
 * 3 x BDP in its namespace (net.core.rmem_max cannot be set per namespace on this kernel; net.ipv4.tcp_rmem can)
 * shows in qualify's table with its sysctl line and is named where the receive window held the stream back.
 * A per-flow policer: 50 Mbit/s per flow on a 1 Gbit/s link at 10 ms is named as one, near its rate; the same
 * link shaped to 50 Mbit/s (a queue, streams sharing one rate) is not. The sender's view of a reverse stream: with
 * 0.5 % loss towards the primary, client -R's summary carries the server's retransmits and limits, and qualify
 * --reverse's ASYNC verdict sees the loss. An MTU black hole: 9000-byte ends, a 1500-byte path, ICMP dropped:
 * qualify names it with the size that passes within 60 s and exits non-zero; with ICMP passed, a warning only.
 * ECMP: two equal-cost paths, one 20 ms longer, each new flow the next: qualify's four streams take both, and its
 * ASYNC verdict names the two lengths by source port.
 * One after another: run all five at once (2026-11-29), the policer's case read a busy host's RTT and bursts as a
 * queue and called the flow loss-limited. Needs root, /dev/net/tun and iproute2; skipped elsewhere.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class PathFaultsLabIT extends TwoSiteLabBase {
    private static final ObjectMapper JSON = new ObjectMapper();

    PathFaultsLabIT() {
        super("pf", "10.249.");
    }

    private ProbeProcess inLab(String... args) throws Exception {
        String[] all = new String[args.length + 7];
        System.arraycopy(new String[] {"lab", "run", "--name", name, java(), "-jar",
                ProbeProcess.jar().toAbsolutePath().toString()}, 0, all, 0, 7);
        System.arraycopy(args, 0, all, 7, args.length);
        return ProbeProcess.start(all);
    }

    @Test
    void aPathThatReordersIsCountedInEveryIntervalAndNamed() throws Exception {
        ProbeProcess up = ProbeProcess.start("lab", "up", "--name", name, "--subnet", subnet, "--rtt-ms", "10",
                "--rate", "200mbit", "--reorder-pct", "5");
        assertEquals(0, up.awaitExit(60), up.stdout() + up.stderr());
        assertTrue(up.printed("5 % overtaken by the next one"), up.stdout());
        try (ProbeProcess server = ProbeProcess.start("lab", "run", "--name", name, "--side", "server", java(), "-jar",
                ProbeProcess.jar().toAbsolutePath().toString(), "server", "--port", "0")) {
            String port = String.valueOf(server.awaitServerPort(30_000));
            Path json = dir.resolve("async.json");
            ProbeProcess client = inLab("client", serverAddress, "--port", port, "--mode", "async", "--duration", "6s",
                    "--json", json.toString());
            assertEquals(0, client.awaitExit(90), client.stdout() + client.stderr());
            JsonNode doc = JSON.readTree(json.toFile());
            ResultInvariants.check(doc);
            JsonNode summary = doc.at("/summary/tcp/reordering");
            assertTrue(summary.path("events").asLong() > 0, "TCP saw the reordering: " + doc.at("/summary/tcp"));
            assertTrue(summary.path("degree").asLong() > 3, "and tolerates more than Linux's 3: " + summary);
            long inIntervals = StreamSupport.stream(doc.path("intervals").spliterator(), false)
                    .mapToLong(i -> i.at("/tcp/reordering/events").asLong()).sum();
            assertTrue(inIntervals > 0, "every interval carries the counters: " + doc.path("intervals"));
            assertTrue(client.printed("the path reorders segments: TCP saw "), client.stdout());

            ProbeProcess narrow = ProbeProcess.start("lab", "run", "--name", name, "--side", "server", "sysctl", "-w",
                    "net.ipv4.tcp_rmem=4096 131072 300000");
            assertEquals(0, narrow.awaitExit(30), narrow.stdout() + narrow.stderr());
            Path verdict = dir.resolve("qualify.json");
            ProbeProcess qualify = inLab("qualify", serverAddress, "--port", port, "--redo-rate", "2MB/s", "--budget",
                    "30s", "--mode", "async", "--json", verdict.toString());
            qualify.awaitExit(120);
            JsonNode q = JSON.readTree(verdict.toFile());
            JsonNode async = StreamSupport.stream(q.at("/summary/verdicts").spliterator(), false)
                    .filter(v -> v.path("name").asText().startsWith("ASYNC")).findFirst()
                    .orElseThrow(() -> new AssertionError(qualify.stdout()));
            assertTrue(async.path("reasons").toString().contains("the path reorders segments"), async.toString());
            JsonNode hosts = q.at("/summary/settings/hosts");
            assertEquals("4096 131072 300000", hosts.at("/standby/tcp_rmem").asText(), hosts.toString());
            assertTrue(hosts.path("needed_bytes").asLong() > 300_000, hosts.toString());
            String line = "sysctl -w net.ipv4.tcp_rmem='4096 131072 " + hosts.path("needed_bytes").asLong() + "'";
            assertTrue(hosts.path("sysctl_standby").toString().contains(line), hosts.toString());
            assertTrue(qualify.printed("on the standby: " + line), qualify.stdout());
            assertTrue(qualify.stdout().matches("(?s).*net.ipv4.tcp_rmem \\(max\\) +\\d+ +300000 .*"),
                    qualify.stdout());
            System.out.println("PathFaultsLabIT: " + client.stdout() + qualify.stdout());
        }
    }

    /** The ASYNC verdict of qualify through a lab made with {@code link} (after the common flags). */
    private JsonNode asyncVerdict(String file, String... link) throws Exception {
        return asyncVerdict(file, false, link);
    }

    /** The same, the stream steps standby to primary with {@code reverse}, after a reverse client run checked. */
    private JsonNode asyncVerdict(String file, boolean reverse, String... link) throws Exception {
        Qualified q = qualify(file, reverse, new String[] {"--budget", "40s", "--mode", "async"}, link);
        return StreamSupport.stream(q.doc().at("/summary/verdicts").spliterator(), false)
                .filter(v -> v.path("name").asText().startsWith("ASYNC")).findFirst()
                .orElseThrow(() -> new AssertionError(q.stdout()));
    }

    /** What qualify printed and wrote, its exit code and how long it took. */
    private record Qualified(JsonNode doc, String stdout, int exit, long millis) {
    }

    /** qualify with {@code flags} through a lab made with {@code link} (after the common flags), taken down after. */
    private Qualified qualify(String file, boolean reverse, String[] flags, String... link) throws Exception {
        String[] up = new String[6 + link.length];
        System.arraycopy(new String[] {"lab", "up", "--name", name, "--subnet", subnet}, 0, up, 0, 6);
        System.arraycopy(link, 0, up, 6, link.length);
        ProbeProcess lab = ProbeProcess.start(up);
        assertEquals(0, lab.awaitExit(60), lab.stdout() + lab.stderr());
        try (ProbeProcess server = ProbeProcess.start("lab", "run", "--name", name, "--side", "server", java(), "-jar",
                ProbeProcess.jar().toAbsolutePath().toString(), "server", "--port", "0")) {
            String port = String.valueOf(server.awaitServerPort(30_000));
            if (reverse) {
                reverseClientSeesTheSender(port);
            }
            Path verdict = dir.resolve(file);
            List<String> args = new ArrayList<>(List.of("qualify", serverAddress, "--port",
                    port, "--redo-rate", "2MB/s", "--json", verdict.toString()));
            args.addAll(List.of(flags));
            if (reverse) {
                args.add("--reverse");
            }
            long t0 = System.nanoTime();
            ProbeProcess qualify = inLab(args.toArray(String[]::new));
            int exit = qualify.awaitExit(120);
            long millis = (System.nanoTime() - t0) / 1_000_000;
            System.out.println("PathFaultsLabIT " + String.join(" ", link) + ": exit " + exit + ", " + qualify.stdout()
                    + qualify.stderr());
            return new Qualified(JSON.readTree(verdict.toFile()), qualify.stdout(), exit, millis);
        } finally {
            ProbeProcess.start("lab", "down", "--name", name).awaitExit(30);
        }
    }

    @Test
    void anMtuBlackHoleIsNamedWithTheSizeThatPassesAndALearnedMtuIsOnlyAWarning() throws Exception {
        String[] jumbo = {"--rtt-ms", "10", "--rate", "1gbit", "--mtu", "9000", "--path-mtu", "1500"};
        Qualified hole = qualify("hole.json", false, new String[] {"--budget", "30s"},
                concat(jumbo, "--icmp", "drop"));
        assertTrue(hole.millis() < 60_000, "named within 60 s: " + hole.millis() + " ms");
        assertTrue(hole.exit() != 0, "and exits non-zero: " + hole.exit());
        JsonNode forward = hole.doc().at("/summary/path_mtu/0");
        assertEquals("black_hole", forward.path("status").asText(), forward.toString());
        assertEquals(1500, forward.path("largest_packet").asInt(), "the size that passes, to the byte: " + forward);
        assertEquals(1500, hole.doc().at("/summary/path_mtu/1/largest_packet").asInt(), "both ways");
        assertTrue(hole.stdout().contains("path MTU 1500 with ICMP blocked: segments over 1500 bytes are lost without "
                + "an error"), hole.stdout());
        assertTrue(hole.stdout().contains("clamp the MSS to 1460"), "and the fix: " + hole.stdout());
        assertEquals(0, hole.doc().path("steps").size(), "no stream step stalled against it");
        Qualified passed = qualify("learned.json", false, new String[] {"--budget", "20s", "--mode", "async"},
                concat(jumbo, "--icmp", "pass"));
        JsonNode learned = passed.doc().at("/summary/path_mtu/0");
        assertEquals("learned", learned.path("status").asText(), learned.toString());
        assertEquals(1500, learned.path("largest_packet").asInt(), learned.toString());
        assertTrue(passed.stdout().contains("WARNING = the primary to standby: path MTU 1500, below the primary's "
                + "interface MTU 9000"), passed.stdout());
        assertTrue(StreamSupport.stream(passed.doc().at("/summary/verdicts").spliterator(), false)
                .noneMatch(v -> v.path("name").asText().equals("path MTU")), "only a warning");
        assertTrue(passed.doc().path("steps").size() > 0, "and the steps ran");
    }

    @Test
    void connectionsThatTakeEqualCostPathsOfUnequalLengthAreNamed() throws Exception {
        JsonNode async = asyncVerdict("ecmp.json", "--rtt-ms", "10", "--rate", "1gbit", "--ecmp-paths", "2",
                "--ecmp-spread-ms", "20");
        Matcher m = Pattern.compile("lowest RTT ([\\d.]+) ms from port \\d+, ([\\d.]+) "
                + "ms from port").matcher(async.path("reasons").toString());
        assertTrue(m.find(), "named: " + async);
        double fast = Double.parseDouble(m.group(1));
        double slow = Double.parseDouble(m.group(2));
        assertTrue(fast < 13 && slow > 27 && slow < 36, "the 10 ms path and the one 20 ms longer: " + fast + ", "
                + slow);
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void aPerFlowPolicerIsNamedWithItsRateAndAShaperIsNot() throws Exception {
        JsonNode policed = asyncVerdict("policed.json", "--rtt-ms", "10", "--rate", "1gbit", "--police", "50mbit");
        StringBuilder steps = new StringBuilder();
        JSON.readTree(dir.resolve("policed.json").toFile()).path("steps").forEach(s -> steps
                .append(s.path("label").asText()).append(": ")
                .append(s.at("/result/summary/sender_throughput_mib_s").asDouble()).append(" MiB/s ")
                .append(s.at("/result/summary/tcp")).append("; "));
        Matcher near = Pattern.compile("each flow is policed near (\\d+) Mbit/s")
                .matcher(policed.path("reasons").toString());
        assertTrue(near.find(), policed.toString() + "; the steps: " + steps);
        int mbit = Integer.parseInt(near.group(1));
        // one stream read 47 and 56 Mbit/s in two runs (four streams 225 both times): near, not exactly, the rate
        assertTrue(mbit >= 25 && mbit <= 62, "near the 50 Mbit/s it is policed at: " + mbit);
        JsonNode shaped = asyncVerdict("shaped.json", "--rtt-ms", "10", "--rate", "50mbit");
        assertTrue(!shaped.path("reasons").toString().contains("policed"), shaped.toString());
    }

    /** client -R: the summary carries the server's (the sender's) retransmits and limits, and says whose they are. */
    private void reverseClientSeesTheSender(String port) throws Exception {
        Path json = dir.resolve("reverse.json");
        ProbeProcess client = inLab("client", serverAddress, "--port", port, "--mode", "async", "-R", "--duration",
                "6s",
                "--json", json.toString());
        assertEquals(0, client.awaitExit(90), client.stdout() + client.stderr());
        JsonNode tcp = JSON.readTree(json.toFile()).at("/summary/tcp");
        assertTrue(tcp.path("retransmits").asLong() > 0, "the server retransmitted what the lab dropped: " + tcp);
        assertTrue(tcp.path("limited").isObject(), "and its chronograph came back: " + tcp);
        assertTrue(client.printed("the server's socket, which sent"), client.stdout());
    }

    @Test
    void aReverseStreamCarriesTheSendersViewAndItsVerdictNamesTheLoss() throws Exception {
        JsonNode reverse = asyncVerdict("reverse-q.json", true, "--rtt-ms", "20", "--loss-pct", "0.5",
                "--direction", "restore", "--rate", "1gbit");
        String reasons = reverse.path("reasons").toString();
        assertTrue(reasons.matches(".*\\d\\.\\d{3} % of segments retransmitted.*") && !reasons.contains("0.000 % of "
                + "segments"), "the reverse verdict sees the sender's loss: " + reverse);
    }
}
