package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.objstore.endpoint.ApiKey;
import dev.probe.core.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many hosts, one run, as processes: three {@code probe agent}s (each its own port on 127.0.0.1), one server, and
 * {@code probe bulk --from}: merged bytes, the hosts array, the spread of channels, the start skew; {@code probe
 * client --from} (a sync test by connections, with latency); a wrong secret
 * on one agent refuses the run before any traffic; a coordinator killed mid-run makes the agents stop their runs.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class AgentJarIT {
    private static final Pattern STARTED = Pattern.compile("started on ([0-9.]+:\\d+)");
    @TempDir
    Path dir;
    private final List<ProbeProcess> processes = new ArrayList<>();
    private Path secret;
    private int serverPort;
    private ProbeProcess server;

    @BeforeEach
    void start() throws Exception {
        secret = dir.resolve("secret");
        Files.writeString(secret, "agents, coordinator and server share this\n");
        server = keep(ProbeProcess.start("server", "--bind", "127.0.0.1", "--port", "0", "--secret-file",
                secret.toString(), "--quiet"));
        serverPort = server.awaitServerPort();
    }

    @AfterEach
    void stop() {
        processes.forEach(ProbeProcess::close);
    }

    private ProbeProcess keep(ProbeProcess p) {
        processes.add(p);
        return p;
    }

    private String agent(Path agentSecret, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("agent", "--bind", "127.0.0.1", "--port", "0", "--secret-file",
                agentSecret.toString(), "--server-secret-file", secret.toString(), "--allow-targets", "127.0.0.1"));
        args.addAll(List.of(more));
        return keep(ProbeProcess.start(args.toArray(new String[0]))).awaitMatch(STARTED, ProbeProcess.PROGRESS_MS);
    }

    private ProbeProcess objstore(String from, String url, String direction, Path json) throws Exception {
        return keep(ProbeProcess.start("objstore", direction, "--from", from, "--secret-file", secret.toString(),
                "--endpoint", url, "--namespace", "probe", "--bucket", "rman", "--channels", "3", "--volume", "48MiB",
                "--piece-size", "8MiB", "--part-size", "4MiB", "--run-id", "fan", "--keep", "--interval", "250ms",
                "--json", json.toString()));
    }

    @Test
    void objectStorageFromTwoAgentsEachWithItsOwnOciConfig() throws Exception {
        Path config = ApiKey.create(dir).config();
        ProbeProcess endpoint = keep(ProbeProcess.start("server", "--bind", "127.0.0.1", "--port", "0",
                "--objectstore-port", "0", "--store", "memory", "--authorized-keys", dir.resolve("authorized")
                        .toString(),
                "--bucket", "rman"));
        endpoint.awaitServerPort();
        String url = endpoint.awaitMatch(ProbeProcess.ENDPOINT, ProbeProcess.PROGRESS_MS);
        String from = agent(secret, "--oci-config", config.toString()) + "," + agent(secret, "--oci-config",
                config.toString());
        Path backupJson = dir.resolve("backup.json");
        ProbeProcess backup = objstore(from, url, "backup", backupJson);
        assertEquals(0, backup.awaitExit(120), backup.stderr() + backup.stdout());
        JsonNode b = new ObjectMapper().readTree(backupJson.toFile());
        assertEquals("objstore", b.get("kind").asText());
        assertEquals(48L << 20, b.at("/summary/bytes").asLong());
        assertEquals(List.of(2, 1), List.of(b.at("/hosts/0/channels").asInt(), b.at("/hosts/1/channels").asInt()));

        Path restoreJson = dir.resolve("restore.json");
        ProbeProcess restore = objstore(from, url, "restore", restoreJson);
        assertEquals(0, restore.awaitExit(120), restore.stderr() + restore.stdout());
        JsonNode r = new ObjectMapper().readTree(restoreJson.toFile());
        assertEquals(48L << 20, r.at("/summary/bytes").asLong(), "each host read back its own objects");
        assertTrue(r.at("/summary/verified").asBoolean(), r.get("summary").toString());

        ProbeProcess refused = objstore(agent(secret), url, "backup", dir.resolve("no.json"));
        assertEquals(4, refused.awaitExit(), refused.stdout());
        String err = refused.stderr().trim();
        assertTrue(err.contains("this agent has no OCI config (start it with --oci-config)") && !err.contains("\n"),
                err);
    }

    private ProbeProcess coordinator(String from, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("bulk", "127.0.0.1", "--port", String.valueOf(serverPort),
                "--from", from, "--secret-file", secret.toString(), "--direction", "backup", "--piece-size", "8MiB",
                "--interval", "250ms"));
        args.addAll(List.of(more));
        return keep(ProbeProcess.start(args.toArray(new String[0])));
    }

    @Test
    void threeAgentsOneMergedRun() throws Exception {
        String from = String.join(",", agent(secret), agent(secret), agent(secret));
        Path json = dir.resolve("fan.json");
        ProbeProcess run = coordinator(from, "--channels", "7", "--volume", "512MiB", "--db-size", "20TB", "--json",
                json.toString());
        assertEquals(0, run.awaitExit(120), run.stderr() + run.stdout());
        assertTrue(run.printed("Total: 536,870,912 bytes"), run.stdout());
        assertTrue(run.printed("Projected for 20.00 TB: "), "issue 24: the fan-out projects too: " + run.stdout());

        JsonNode d = new ObjectMapper().readTree(json.toFile());
        assertEquals("bulk", d.get("kind").asText());
        assertEquals(512L << 20, d.at("/summary/bytes").asLong());
        assertEquals(20e12, d.at("/summary/db_size").asDouble(), 1);
        assertEquals(20e12 * 8 / (d.at("/summary/throughput_gbps").asDouble() * 1e9) / 60,
                d.at("/summary/projected_minutes").asDouble(), 1e-6);
        assertEquals(3, d.get("hosts").size());
        long hostBytes = 0;
        List<Integer> channels = new ArrayList<>();
        for (JsonNode h : d.get("hosts")) {
            hostBytes += h.at("/summary/bytes").asLong();
            channels.add(h.get("channels").asInt());
            assertTrue(h.at("/summary/verified").asBoolean());
        }
        assertEquals(512L << 20, hostBytes, "the hosts' bytes add up");
        assertEquals(List.of(3, 2, 2), channels, "7 channels round-robin over 3 hosts");
        long merged = 0;
        for (JsonNode i : d.get("intervals")) {
            merged += i.get("bytes").asLong();
        }
        assertEquals(512L << 20, merged, "the merged timeline holds every byte");
        // a scheduled start: the agents wake at one instant, not one after another (each connects its channels
        // first, a JVM's tens of ms); a loaded CI host delays a wake-up by its scheduler's slices, so 250 ms
        assertTrue(d.at("/summary/start_skew_ms").asDouble() < 250, d.get("summary").toString());
        assertTrue(d.at("/summary/tcp/rtt_ms").isNumber(), "the hosts' TCP as one run's: " + d.get("summary"));

        Path out = dir.resolve("compare");
        ProbeProcess compare = keep(ProbeProcess.start("report", "compare", json.toString(), "--out", out.toString()));
        assertEquals(0, compare.awaitExit(), compare.stderr());
        assertTrue(Files.isRegularFile(out.resolve("report.html")), "report compare takes a fan-out result");
    }

    @Test
    void aSyncTestFromTwoAgents() throws Exception {
        Path json = dir.resolve("sync.json");
        ProbeProcess run = keep(ProbeProcess.start("client", "127.0.0.1", "--port", String.valueOf(serverPort),
                "--from",
                agent(secret) + "," + agent(secret), "--secret-file", secret.toString(), "--mode", "sync", "--length",
                "16KiB", "--num-conn", "3", "--duration", "2s", "--interval", "500ms", "--json", json.toString()));
        assertEquals(0, run.awaitExit(), run.stderr() + run.stdout());
        assertTrue(run.printed("Fan-out sync run: 3 connections from 2 hosts"), run.stdout());
        JsonNode d = new ObjectMapper().readTree(json.toFile());
        assertEquals("sync", d.get("kind").asText());
        assertEquals(2, d.get("hosts").size());
        long messages = 0;
        for (JsonNode h : d.get("hosts")) {
            messages += h.at("/summary/messages").asLong();
            assertTrue(h.at("/summary/latency_p99_ms").asDouble() > 0, h.toString());
        }
        assertEquals(messages, d.at("/summary/messages").asLong());
        assertTrue(d.get("intervals").size() >= 3, d.get("intervals").toString());
        assertTrue(d.at("/intervals/0/latency_avg_ms").asDouble() > 0, d.get("intervals").toString());
    }

    @Test
    void aWrongSecretOnOneAgentRefusesTheWholeRun() throws Exception {
        Path other = dir.resolve("other");
        Files.writeString(other, "not the coordinator's secret at all\n");
        String wrong = agent(other);
        ProbeProcess run = coordinator(agent(secret) + "," + wrong, "--channels", "2", "--volume", "64MiB");
        assertEquals(3, run.awaitExit(), run.stdout());
        String err = run.stderr().trim();
        assertTrue(err.startsWith("probe: agent " + wrong) && !err.contains("\n"), err);
        assertTrue(!server.printed("bulk backup"), "no run reached the server: " + server.stdout());
    }

    @Test
    void agentsStopWhenTheCoordinatorIsKilled() throws Exception {
        String a = agent(secret);
        String b = agent(secret);
        ProbeProcess run = coordinator(a + "," + b, "--channels", "2", "--duration", "30s");
        run.awaitMatch(Pattern.compile("(Gbit/s)"), ProbeProcess.PROGRESS_MS);
        // the first interval: three JVMs open sessions and legs first (over 30 s at load 15 in a CI run)
        run.awaitMatch(Pattern.compile("^\\s+([0-9.]+) s "), ProbeProcess.PROGRESS_MS);
        run.kill();
        Await.until(Duration.ofSeconds(30), "both agents' runs ended at the server",
                () -> server.stdout().lines().filter(l -> l.contains("aborted")).count() >= 2);
        assertEquals(2, server.stdout().lines().filter(l -> l.contains("aborted")).count(), server.stdout());
    }

    @Test
    void aCoordinatorStoppedBySigtermKeepsItsIntervalsAndTheAgentsStop() throws Exception {
        Path json = dir.resolve("stopped.json");
        ProbeProcess run = coordinator(agent(secret) + "," + agent(secret), "--channels", "2", "--duration", "30s",
                "--json", json.toString());
        run.awaitMatch(Pattern.compile("^\\s+([0-9.]+) s "), ProbeProcess.PROGRESS_MS);
        run.signal("TERM");
        assertEquals(143, run.awaitExit());
        assertTrue(run.printed("Run INCOMPLETE: interrupted by SIGTERM"), run.stdout());
        JsonNode doc = new ObjectMapper().readTree(json.toFile());
        assertTrue(doc.at("/incomplete/reason").asText().contains("SIGTERM"), doc.toString());
        assertTrue(doc.path("intervals").size() >= 1, "the intervals until then");
        assertTrue(Files.notExists(dir.resolve("stopped.json.partial")));
        Await.until(Duration.ofSeconds(30), "both agents' runs ended at the server",
                () -> server.stdout().lines().filter(l -> l.contains("aborted")).count() >= 2);
        assertEquals(2, server.stdout().lines().filter(l -> l.contains("aborted")).count(), server.stdout());
    }
}
