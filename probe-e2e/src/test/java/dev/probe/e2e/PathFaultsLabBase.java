package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.StreamSupport;

/**
 * What the path-fault lab tests share (issue 42): probe run inside the lab, qualify through a lab made for one
 * test and taken down after it, and its ASYNC verdict. Each class makes its faults on labs of its own, so the
 * classes run in different JVMs at once. Needs root, /dev/net/tun and iproute2; skipped elsewhere.
 */
abstract class PathFaultsLabBase extends TwoSiteLabBase {
    static final ObjectMapper JSON = new ObjectMapper();

    PathFaultsLabBase(String prefix) {
        super(prefix, "10.249.");
    }

    ProbeProcess inLab(String... args) throws Exception {
        return ProbeProcess.inLab(List.of("--name", name), args);
    }

    /** The ASYNC verdict of qualify through a lab made with {@code link} (after the common flags). */
    JsonNode asyncVerdict(String file, String... link) throws Exception {
        return asyncVerdict(file, false, link);
    }

    /** The same, the stream steps standby to primary with {@code reverse}, after a reverse client run checked. */
    JsonNode asyncVerdict(String file, boolean reverse, String... link) throws Exception {
        Qualified q = qualify(file, reverse, new String[] {"--budget", "40s", "--mode", "async"}, link);
        return StreamSupport.stream(q.doc().at("/summary/verdicts").spliterator(), false)
                .filter(v -> v.path("name").asText().startsWith("ASYNC")).findFirst()
                .orElseThrow(() -> new AssertionError(q.stdout()));
    }

    /** What qualify printed and wrote, its exit code and how long it took. */
    record Qualified(JsonNode doc, String stdout, int exit, long millis) {
    }

    /** qualify with {@code flags} through a lab made with {@code link} (after the common flags), taken down after. */
    Qualified qualify(String file, boolean reverse, String[] flags, String... link) throws Exception {
        String[] up = new String[6 + link.length];
        System.arraycopy(new String[] {"lab", "up", "--name", name, "--subnet", subnet}, 0, up, 0, 6);
        System.arraycopy(link, 0, up, 6, link.length);
        ProbeProcess lab = ProbeProcess.start(up);
        assertEquals(0, lab.awaitExit(), lab.stdout() + lab.stderr());
        try (ProbeProcess server = labServer()) {
            String port = String.valueOf(server.awaitServerPort());
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
            System.out.println(getClass().getSimpleName() + " " + String.join(" ", link) + ": exit " + exit + ", "
                    + qualify.stdout()
                    + qualify.stderr());
            return new Qualified(JSON.readTree(verdict.toFile()), qualify.stdout(), exit, millis);
        } finally {
            ProbeProcess.start("lab", "down", "--name", name).awaitExit();
        }
    }

    /** client -R: the summary carries the server's (the sender's) retransmits and limits, and says whose they are. */
    void reverseClientSeesTheSender(String port) throws Exception {
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

    static String[] concat(String[] a, String... b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
