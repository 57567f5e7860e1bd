package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.lab.Netns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Agents as separate hosts: each agent in its own network namespace with its own address, routed through the
 * lab's client namespace and over the lab's impaired link (10 ms RTT, 200 Mbit/s) to the server in the lab's
 * server namespace; the coordinator runs in the client namespace. The server sees each host's own address, every
 * host's TCP sees the link's delay, and the bytes add up. Needs root, /dev/net/tun and iproute2.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@ExtendWith(TimingPriority.class)
class AgentNetnsIT {
    private static final Pattern STARTED = Pattern.compile("started on ([0-9.]+:\\d+)");
    private static final int AGENTS = 2;
    @TempDir
    Path dir;
    private final List<ProbeProcess> processes = new ArrayList<>();
    private final List<String> namespaces = new ArrayList<>();
    private String name;
    private int n;

    @BeforeEach
    void requireLab() {
        assumeTrue(Netns.labPossible(), "needs root (CAP_NET_ADMIN), /dev/net/tun and iproute2");
        n = ThreadLocalRandom.current().nextInt(1000, 9999);
        name = "pa" + n;
    }

    @AfterEach
    void down() throws Exception {
        processes.forEach(ProbeProcess::close);
        for (String ns : namespaces) {
            ip("netns", "del", ns);
        }
        if (name != null) {
            ProbeProcess.start("lab", "down", "--name", name).awaitExit();
        }
    }

    private ProbeProcess keep(ProbeProcess p) {
        processes.add(p);
        return p;
    }

    private static int ip(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        if (p.exitValue() != 0 && !args[0].equals("netns")) {
            throw new IllegalStateException(String.join(" ", cmd) + ": " + out);
        }
        return p.exitValue();
    }

    /** {@code probe ARGS} in the lab's namespace of {@code side}, as {@code probe lab run} runs it. */
    private ProbeProcess labRun(String side, String... args) throws Exception {
        return ProbeProcess.inLab(List.of("--name", name, "--side", side), args);
    }

    /** Agent k's namespace, joined to the lab's client namespace by a veth pair; returns its address. */
    private String agentHost(int k) throws Exception {
        String ns = name + "-a" + k;
        String client = name + "-client";
        String net = "10.253." + (n % 250) + ".";
        String router = net + (4 * k + 1);
        String host = net + (4 * k + 2);
        ip("netns", "add", ns);
        namespaces.add(ns);
        ip("link", "add", name + "a" + k, "type", "veth", "peer", "name", name + "r" + k);
        ip("link", "set", name + "a" + k, "netns", ns);
        ip("link", "set", name + "r" + k, "netns", client);
        ip("-n", ns, "addr", "add", host + "/30", "dev", name + "a" + k);
        ip("-n", client, "addr", "add", router + "/30", "dev", name + "r" + k);
        ip("-n", ns, "link", "set", "lo", "up");
        ip("-n", ns, "link", "set", name + "a" + k, "up");
        ip("-n", client, "link", "set", name + "r" + k, "up");
        ip("-n", ns, "route", "add", "default", "via", router);
        return host;
    }

    @Test
    void agentsInTheirOwnNamespacesRunOneMergedRunOverTheLabLink() throws Exception {
        String labNet = "10.252." + (n % 250) + ".";
        ProbeProcess up = ProbeProcess.start("lab", "up", "--name", name, "--subnet", labNet + "0/30", "--rtt-ms", "10",
                "--rate", "200mbit");
        assertEquals(0, up.awaitExit(), up.stdout() + up.stderr());
        // the client namespace routes the agents' networks; the server's replies go back over the link
        ip("netns", "exec", name + "-client", "sysctl", "-q", "-w", "net.ipv4.ip_forward=1");
        ip("-n", name + "-server", "route", "add", "10.253." + (n % 250) + ".0/24", "via", labNet + "1");
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "agents, coordinator and server share this\n");
        ProbeProcess server = keep(labRun("server", "server", "--port", "0", "--secret-file", secret.toString()));
        int port = server.awaitServerPort();
        List<String> from = new ArrayList<>();
        List<String> hosts = new ArrayList<>();
        for (int k = 0; k < AGENTS; k++) {
            String host = agentHost(k);
            hosts.add(host);
            List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", name + "-a" + k));
            cmd.addAll(ProbeProcess.jarCommand("agent", "--bind", host, "--port", "0", "--secret-file", secret
                    .toString(),
                    "--server-secret-file", secret.toString(), "--allow-targets", labNet + "0/30"));
            from.add(keep(ProbeProcess.command(cmd, null, null)).awaitMatch(STARTED, ProbeProcess.PROGRESS_MS));
        }
        Path json = dir.resolve("fan.json");
        ProbeProcess run = keep(labRun("client", "bulk", labNet + "2", "--port",
                String.valueOf(port), "--from", String.join(",", from), "--secret-file", secret.toString(),
                "--direction", "backup", "--channels", "4", "--volume", "48MiB", "--piece-size", "4MiB",
                "--interval", "500ms", "--json", json.toString()));
        assertEquals(0, run.awaitExit(120), run.stdout() + run.stderr());

        JsonNode d = new ObjectMapper().readTree(json.toFile());
        assertEquals(48L << 20, d.at("/summary/bytes").asLong());
        long merged = 0;
        for (JsonNode i : d.get("intervals")) {
            merged += i.get("bytes").asLong();
        }
        assertEquals(48L << 20, merged, "the merged timeline holds every byte");
        for (JsonNode h : d.get("hosts")) {
            assertEquals(2, h.get("channels").asInt());
            assertTrue(h.at("/summary/tcp_rtt_ms").asDouble() >= 10, "over the link's 10 ms: " + h);
        }
        assertTrue(d.at("/summary/start_skew_ms").asDouble() < 100, d.get("summary").toString());
        assertTrue(d.at("/summary/throughput_gbps").asDouble() < 0.2 * 1.05, "under the link's cap: " + d.get(
                "summary"));
        for (String host : hosts) {
            assertTrue(server.printed("from /" + host + ":"), "the server saw host " + host + ": " + server.stdout());
        }
    }
}
