package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.testing.ResultInvariants;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 42: reordering and the sender's view. A lab link whose data direction lets the next packet overtake one in a
 * hundred: the client's intervals and summary carry TCP_INFO's reordering counters, the console names it, and so
 * does qualify's ASYNC verdict. Host settings: the standby's autotuning cap set short of 3 x BDP in its namespace
 * (net.core.rmem_max cannot be set per namespace on this kernel; net.ipv4.tcp_rmem can) shows in qualify's table
 * with its sysctl line and is named where the receive window held the stream back. The sender's view of a reverse
 * stream: with 0.5 % loss towards the primary, client -R's summary carries the server's retransmits and limits, and
 * qualify --reverse's ASYNC verdict sees the loss.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class PathFaultsLabIT extends PathFaultsLabBase {
    PathFaultsLabIT() {
        super("pf");
    }

    @Test
    void aPathThatReordersIsCountedInEveryIntervalAndNamed() throws Exception {
        ProbeProcess up = ProbeProcess.start("lab", "up", "--name", name, "--subnet", subnet, "--rtt-ms", "10",
                "--rate", "200mbit", "--reorder-pct", "5");
        assertEquals(0, up.awaitExit(), up.stdout() + up.stderr());
        assertTrue(up.printed("5 % overtaken by the next one"), up.stdout());
        try (ProbeProcess server = labServer()) {
            String port = String.valueOf(server.awaitServerPort());
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
            assertEquals(0, narrow.awaitExit(), narrow.stdout() + narrow.stderr());
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

    @Test
    void aReverseStreamCarriesTheSendersViewAndItsVerdictNamesTheLoss() throws Exception {
        JsonNode reverse = asyncVerdict("reverse-q.json", true, "--rtt-ms", "20", "--loss-pct", "0.5",
                "--direction", "restore", "--rate", "1gbit");
        String reasons = reverse.path("reasons").toString();
        assertTrue(reasons.matches(".*\\d\\.\\d{3} % of segments retransmitted.*") && !reasons.contains("0.000 % of "
                + "segments"), "the reverse verdict sees the sender's loss: " + reverse);
    }
}
