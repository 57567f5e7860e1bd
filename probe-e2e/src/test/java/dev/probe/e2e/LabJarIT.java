package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.testing.ResultInvariants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The lab through the jar, as a user runs it: {@code lab up}, a server and a bulk client through the impaired link
 * with {@code lab run}, {@code lab status}, {@code lab down}; and a one-cell sweep with its report. Needs root,
 * /dev/net/tun and iproute2; skipped with that reason elsewhere.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class LabJarIT extends TwoSiteLabBase {
    private static final ObjectMapper JSON = new ObjectMapper();

    LabJarIT() {
        super("pe", "10.252.");
    }

    @Test
    void bulkThroughTheImpairedLinkSeesItsDelayLossAndCap() throws Exception {
        ProbeProcess up = ProbeProcess.start("lab", "up", "--name", name, "--subnet", subnet, "--rtt-ms", "10",
                "--loss-pct", "0.5", "--rate", "200mbit");
        assertEquals(0, up.awaitExit(), up.stdout() + up.stderr());
        assertTrue(up.printed("lab " + name + " up: client"), up.stdout());
        long forwarder = LabDelay.state(name).path("pid").asLong();
        Path group = Path.of("/proc/" + forwarder + "/autogroup");
        if (Files.exists(group) && Files.readString(Path.of("/proc/sys/kernel/sched_autogroup_enabled")).trim()
                .equals("1")) {
            // the forwarder leads a session of its own (setsid), and every session weighs alike: at nice 0 its
            // threads' nice -10 would count only against each other
            assertTrue(Files.readString(group).trim().endsWith("nice -10"), "the forwarder's session at nice -10: "
                    + Files.readString(group));
        }
        try (ProbeProcess server = labServer()) {
            int port = server.awaitServerPort();
            Path json = dir.resolve("bulk.json");
            ProbeProcess bulk = ProbeProcess.inLab(List.of("--name", name), "bulk", serverAddress, "--port",
                    String.valueOf(port), "--direction", "backup", "--channels", "2", "--duration", "4s",
                    "--piece-size", "4MiB",
                    "--congestion", "cubic", "--json", json.toString());
            assertEquals(0, bulk.awaitExit(90), bulk.stdout() + bulk.stderr());
            JsonNode tcp = JSON.readTree(json.toFile()).at("/summary/tcp");
            assertEquals("cubic", tcp.path("congestion").asText(), tcp.toString());
            assertTrue(tcp.path("min_rtt_ms").asDouble() >= 10, "the link's 10 ms RTT: " + tcp);
            double gbps = JSON.readTree(json.toFile()).at("/summary/throughput_gbps").asDouble();
            assertTrue(gbps > 0 && gbps < 0.2 * 1.05, "under the 200 Mbit/s cap: " + gbps);
            assertTrue(!bulk.printed("WARNING: lab"), "a backup crosses this lab's loss: " + bulk.stdout());
            ProbeProcess restore = ProbeProcess.inLab(List.of("--name", name), "bulk", serverAddress, "--port",
                    String.valueOf(port), "--direction", "restore", "--channels", "1", "--duration", "1s",
                    "--piece-size", "4MiB");
            assertEquals(0, restore.awaitExit(90), restore.stdout() + restore.stderr());
            assertTrue(restore.printed("WARNING: lab " + name + " loses packets only towards the server (backup)"),
                    "a restore misses it and is told so: " + restore.stdout());
            Path cut = dir.resolve("cut.json");
            ProbeProcess stopped = ctrlC(List.of("bulk", serverAddress, "--port", String.valueOf(port), "--direction",
                    "backup", "--channels", "2", "--duration", "60s", "--piece-size", "4MiB", "--interval", "500ms",
                    "--json", cut.toString()), Pattern.compile("(\\d+\\.\\d+ Gbit/s)"));
            assertTrue(stopped.printed("INCOMPLETE"), stopped.stdout());
            assertTrue(stopped.printed("(from an interrupted run"), stopped.stdout());
            assertTrue(JSON.readTree(cut.toFile()).at("/incomplete/reason").asText().contains("SIGINT"),
                    Files.readString(cut));
            Path page = dir.resolve("qualify-page");
            Path verdict = dir.resolve("qualify.json");
            ProbeProcess qualify = ctrlC(List.of("qualify", serverAddress, "--port", String.valueOf(port),
                    "--redo-rate",
                    "2MB/s", "--budget", "60s", "--both-directions", "--json", verdict.toString(), "--out",
                    page.toString()),
                    Pattern.compile("\\(step (2)/"));
            assertTrue(qualify.printed("VERDICT: INCOMPLETE") || qualify.printed("OVERALL VERDICT (both directions): "
                    + "INCOMPLETE"), qualify.stdout());
            assertTrue(qualify.printed("WARNING: lab " + name + " loses packets only towards the server (backup), and "
                    + "the reverse pass of --both-directions flows towards the client"), "issue 39: the reverse "
                            + "pass meets none of this lab's loss: " + qualify.stdout());
            assertTrue(!qualify.stdout().contains("NaN"), qualify.stdout());
            assertEquals("INCOMPLETE", JSON.readTree(verdict.toFile()).at("/summary/overall").asText());
            ResultInvariants.check(JSON.readTree(verdict.toFile()));
            ResultInvariants.check(JSON.readTree(cut.toFile()));
            assertTrue(Files.isRegularFile(page.resolve("qualify.html")), "the page is written too");
        }
        ProbeProcess status = ProbeProcess.start("lab", "status", "--name", name);
        assertEquals(0, status.awaitExit(), status.stderr());
        assertTrue(status.stdout().matches(
                "(?s).*towards the server: \\d+ packets forwarded.*, [1-9]\\d* dropped by loss.*; packets left a mean "
                        + "\\d+\\.\\d{3} ms late, its threads waited a mean \\d+\\.\\d{3} ms for a CPU\n.*"),
                status.stdout());
        ProbeProcess down = ProbeProcess.start("lab", "down", "--name", name);
        assertEquals(0, down.awaitExit(), down.stderr());
        assertTrue(down.printed("lab " + name + " down"), down.stdout());
        ProbeProcess gone = ProbeProcess.start("lab", "status", "--name", name);
        assertEquals(1, gone.awaitExit());
        assertEquals("probe: lab '" + name + "' is not up", gone.stderr().trim());
    }

    /**
     * Issue 39, point 5: {@code args} under {@code lab run} in a process group of their own, stopped as a terminal's
     * Ctrl-C does (SIGINT to the whole group) once {@code going} is printed: the run prints its INCOMPLETE summary and
     * writes its files, and lab run exits with its code, 130, at once (2 s on a quiet host; 5 s allowed beside the
     * other labs).
     */
    private ProbeProcess ctrlC(List<String> args, Pattern going) throws Exception {
        // env --default-signal: a suite started from a background job (cmd &) inherits SIGINT ignored, and a JVM keeps
        // an ignored SIGINT ignored (as nohup wants), so without it no Ctrl-C would ever arrive
        List<String> cmd = new ArrayList<>(List.of("setsid", "env", "--default-signal=INT"));
        List<String> labRun = new ArrayList<>(List.of("lab", "run", "--name", name));
        labRun.addAll(ProbeProcess.jarCommand(args.toArray(String[]::new)));
        cmd.addAll(ProbeProcess.jarCommand(labRun.toArray(String[]::new)));
        ProbeProcess run = ProbeProcess.command(cmd, null, null);
        run.awaitMatch(going, ProbeProcess.PROGRESS_MS);
        long sent = System.nanoTime();
        new ProcessBuilder("kill", "-INT", "--", "-" + run.pid()).inheritIO().start().waitFor();
        int code = run.awaitExit();
        double took = (System.nanoTime() - sent) / 1e9;
        assertEquals(130, code, run.stdout() + run.stderr());
        // the 2 s is a quiet host's (about 1 s here idle); beside two other labs at nice -10 on two cores a
        // CI run's took 3.8 s, and two JVMs (lab run's and the probe's inside it) end on a host at load 10. A run that
        // did not stop at once would go on for most of its 60 s: 15 s tells the two apart on any of these hosts.
        assertTrue(took < 15, args.get(0) + " exited " + took + " s after the signal");
        System.out.printf("LabJarIT %s exited %.1f s after SIGINT%n", args.get(0), took);
        assertTrue(!run.stderr().contains("internal error"), run.stderr());
        return run;
    }

    @Test
    void oneCellSweepWritesAnnotatedResultsAndTheReport() throws Exception {
        Path out = dir.resolve("sweep");
        ProbeProcess sweep = ProbeProcess.start("sweep", "--name", name, "--subnet", subnet, "--rtt", "5",
                "--loss", "0,1", "--runs", "1", "--duration", "2s", "--rate", "100mbit", "--scale-channels",
                "--direction", "restore", "--db-size", "20TB", "--out", out.toString());
        assertEquals(0, sweep.awaitExit(150), sweep.stdout() + sweep.stderr());
        assertTrue(sweep.printed("cell 2/2 RTT 5 ms loss 1 %: bulk run 1/1"), sweep.stdout());
        assertTrue(sweep.printed("capacity scaling: 1 channels on a 100 Mbit/s link"), sweep.stdout());
        JsonNode params = JSON.readTree(out.resolve("bulk-restore-rtt5-loss1-run1.json").toFile()).path("params");
        assertEquals(5.0, params.path("impair_rtt_ms").asDouble());
        assertEquals(1.0, params.path("impair_loss_pct").asDouble());
        assertEquals(35.0, params.path("channel_scale").asDouble());
        assertEquals("cubic", params.path("congestion").asText());
        assertEquals(20e12, params.path("db_size").asDouble(), 1, "issue 39, point 6: each run honours --db-size");
        assertTrue(Files.isRegularFile(out.resolve("report/report.html")));
        assertTrue(Files.readString(out.resolve("report/summary.md")).contains("Capacity scaling"));
    }
}
