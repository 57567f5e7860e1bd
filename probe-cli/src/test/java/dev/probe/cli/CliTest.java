package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.testing.RunningServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The command line through {@link Main#run}: exit codes, one-line errors, output shape and result files. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CliTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final RunningServer server = RunningServer.with(c -> c.withTimeouts(c.idleTimeout(), c.handshakeTimeout(),
            Duration.ofMinutes(1)));
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private String port() {
        return String.valueOf(server.port());
    }

    private void assertOneLineError(String contains) {
        String e = err.toString().trim();
        assertEquals(1, e.lines().count(), "one line: " + e);
        assertTrue(e.startsWith("probe: ") && e.contains(contains), e);
        assertFalse(e.contains("Exception"), e);
    }

    @Test
    void syncRunPrintsOratcptestShapeAndWritesJsonCsvAndHlog() throws Exception {
        Path json = dir.resolve("r.json");
        Path csv = dir.resolve("r.csv");
        Path hlog = dir.resolve("r.hlog");
        int code = run("client", "127.0.0.1", "--port", port(), "--length", "1k", "--duration", "1s",
                "--interval", "250ms", "--json", json.toString(), "--csv", csv.toString(), "--hlog", hlog.toString());
        assertEquals(0, code, err.toString());
        String o = out.toString();
        for (String s : List.of("[Requesting a test]", "Message payload        = 1 Kbyte",
                "Transport mode         = SYNC",
                ") The server is ready.", "Throughput", "Latency", ") Test finished.", "Socket send buffer = ",
                "Avg. throughput = ", "Avg. latency = ", "p50/p90/p99 latency = ", "p99.9/max latency = ")) {
            assertTrue(o.contains(s), "missing '" + s + "' in\n" + o);
        }
        JsonNode doc = Json.MAPPER.readTree(json.toFile());
        assertEquals("probe.result/1", doc.get("schema").asText());
        assertEquals("sync", doc.get("kind").asText());
        assertEquals(1024, doc.at("/params/length").asLong());
        assertEquals(1, doc.at("/params/num_conn").asInt());
        assertEquals(1.0, doc.at("/params/duration_s").asDouble());
        JsonNode summary = doc.get("summary");
        assertTrue(summary.get("messages").asLong() > 0);
        assertEquals(summary.get("bytes_sent").asLong(), summary.get("bytes_received").asLong());
        for (String p : List.of("avg", "p50", "p90", "p99", "p999", "max")) {
            assertTrue(summary.at("/latency_ms/" + p).isNumber(), p);
        }
        assertFalse(summary.get("open_loop").asBoolean());
        assertTrue(doc.get("intervals").size() >= 3);
        assertTrue(doc.at("/intervals/0/latency_ms/p99").isNumber());
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.get(0).startsWith("t_s,length_s,bytes,messages,throughput_mib_s"));
        assertEquals(doc.get("intervals").size() + 1, rows.size());
        assertTrue(Files.readString(hlog).contains("#[StartTime: "));
    }

    @Test
    void oratcptestSpellingRunsAnAsyncTest() {
        int code = run("127.0.0.1", "-port=" + port(), "-mode=async", "-length=65536", "-duration=1s",
                "-interval=1s", "-num_conn=2", "-sockbuf=1048576");
        assertEquals(0, code, err.toString());
        String o = out.toString();
        assertTrue(o.contains("Transport mode         = ASYNC"), o);
        assertTrue(o.contains("Number of connections  = 2"), o);
        assertTrue(o.contains("Socket send buffer     = 1048576 bytes"), o);
        assertFalse(o.contains("Avg. latency"), "async prints no latency");
    }

    @Test
    void oratcptestArgumentsTranslate() {
        assertArrayEquals(new String[] {"server", "--bind", "10.0.0.1", "--port", "5555", "--file", "/tmp/x"},
                OratcptestArgs.translate(new String[] {"-server", "10.0.0.1", "-port=5555", "-file=/tmp/x"}));
        assertArrayEquals(new String[] {"client", "db2", "--port", "5555", "--mode", "sync", "--length", "0",
                "--duration", "1s", "--interval", "1s", "--num-conn", "4", "--write", "--sockbuf", "4194304"},
                OratcptestArgs.translate(new String[] {"db2", "-port=5555", "-mode=sync", "-length=0", "-duration=1s",
                        "-interval=1s", "-num_conn=4", "-write", "-sockbuf=4194304"}));
        Set<String> commands = ProbeCommand.commandLine(new String[0]).getSubcommands().keySet();
        assertTrue(OratcptestArgs.applies(new String[] {"-server"}, commands));
        assertFalse(OratcptestArgs.applies(new String[] {"client", "x"}, commands));
        assertFalse(OratcptestArgs.applies(new String[] {"--help"}, commands));
        assertFalse(OratcptestArgs.applies(new String[] {"qualify", "standby"}, commands), "every subcommand is known");
        assertTrue(OratcptestArgs.applies(new String[] {"standby", "-port=5555"}, commands));
    }

    @Test
    void badSizeIsOneLineAndExitTwo() {
        assertEquals(2, run("client", "127.0.0.1", "--length", "lots"));
        assertOneLineError("'lots' is not a size");
    }

    /** Issue 24, point 8: a misspelt command was read as oratcptest's host and answered about 'probe client'. */
    @Test
    void aMisspeltCommandGetsTheClosestOne() {
        assertEquals(2, run("qualifiy", "127.0.0.1"));
        assertOneLineError("unknown command 'qualifiy'; did you mean 'qualify'?");
        err.getBuffer().setLength(0);
        assertEquals(2, run("sever"));
        assertOneLineError("did you mean 'server'?");
        assertEquals(null, OratcptestArgs.nearCommand(new String[] {"disk1", "-mode=sync"}, ProbeCommand.names()),
                "oratcptest's host disk1 stays a host");
        assertEquals(null, OratcptestArgs.nearCommand(new String[] {"disk1"}, ProbeCommand.names()));
    }

    /** Issue 24, point 8: one parser for rates and ms everywhere; a bare rate and an ambiguous "mb/s" refused. */
    @Test
    void ratesAndMillisecondsReadAlikeInEveryCommand() {
        assertEquals(2, run("lab", "up", "--rate", "1000"));
        assertOneLineError("--rate: '1000' is not a rate; write it with its unit");
        err.getBuffer().setLength(0);
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--redo-rate", "60mb/s"));
        assertOneLineError("'60mb/s' is ambiguous: write 60MB/s for bytes (as AWR counts redo) or 60Mbit/s for bits");
        assertEquals(0, run("report", "predict", "--rtt-ms", "40ms", "--loss-pct", "0.1"));
        assertEquals(0, run("lab", "netem-plan", "--rtt-ms", "0.04s", "--bandwidth", "1Gbps", "--loss-pct", "0.1",
                "--direction", "backup", "--dev-to-server", "a", "--dev-to-client", "b"));
        assertTrue(out.toString().contains("delay 20ms loss 0.1%"), out.toString());
    }

    /** Issue 24, point 1: "--commit-budget 5" was read as 5 seconds and gave a false PASS. */
    @Test
    void millisecondScaleOptionsRefuseABareNumber() {
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--mode", "sync", "--commit-budget", "5"));
        assertOneLineError("--commit-budget");
        assertTrue(err.toString().contains("'5' needs a unit: write 5ms for milliseconds"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--local-log-write", "0.4"));
        assertOneLineError("'0.4' needs a unit: write 0.4ms");
        err.getBuffer().setLength(0);
        assertEquals(2, run("disk", "--dir", "/tmp", "--max-latency", "20"));
        assertOneLineError("'20' needs a unit: write 20ms");
    }

    /** Issue 24, point 6: the disk's redo figures against the redo rate; nonsense refused before any writing. */
    @Test
    void diskRedoRateNeedsAUnitAndTheRedoProfile() {
        assertEquals(2, run("disk", "--dir", "/tmp", "--redo-rate", "60"));
        assertOneLineError("--redo-rate");
        err.getBuffer().setLength(0);
        assertEquals(2, run("disk", "--dir", "/tmp", "--profile", "oltp", "--redo-rate", "60MB/s"));
        assertOneLineError("--redo-rate compares with the redo profile; --profile oltp has none (add redo)");
    }

    /** Issue 25, point 4: --bind and --dscp checked before any traffic; the server says which class it received. */
    @Test
    void bindAndDscpAreCheckedFirstAndTheServerReportsTheClassItReceived() {
        assertEquals(2, run("client", "127.0.0.1", "--port", port(), "--dscp", "300"));
        assertOneLineError("--dscp: '300' is out of range [0, 63] (a DSCP; the TOS byte is DSCP x 4)");
        err.getBuffer().setLength(0);
        assertEquals(2, run("bulk", "127.0.0.1", "--port", port(), "--direction", "backup", "--bind", "192.0.2.123"));
        assertOneLineError("--bind: 192.0.2.123 is not an address of this host");
        err.getBuffer().setLength(0);
        assertEquals(0, run("client", "127.0.0.1", "--port", port(), "--bind", "127.0.0.1", "--dscp", "AF41",
                "--duration", "1s"), err.toString());
        assertTrue(out.toString().contains("Route                  = from 127.0.0.1, DSCP 34 (AF41)"), out.toString());
        assertTrue(out.toString().contains("The server received our SYN with DSCP 34 (as sent)."), out.toString());
    }

    @Test
    void aBadLoadIsOneLineBeforeAnyTraffic() {
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--redo-rate", "10MB/s", "--under-load",
                "copy:4"));
        assertOneLineError("--under-load: 'copy:4' is not backup:N, restore:N or async:N");
        err.getBuffer().setLength(0);
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--redo-rate", "10MB/s", "--load-from", "a,b"));
        assertOneLineError("--load-from runs the --under-load load from agents; give --under-load too (e.g. "
                + "--under-load backup:16)");
        err.getBuffer().setLength(0);
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--redo-rate", "10MB/s", "--under-load",
                "backup:1", "--load-from", "a,b"));
        assertOneLineError("--under-load: 1 channels cannot spread over 2 --load-from hosts (at least one each)");
        err.getBuffer().setLength(0);
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--redo-rate", "10MB/s", "--under-load",
                "backup:2", "--load-dscp", "AF99"));
        assertOneLineError("--load-dscp: 'AF99' is not a DSCP: a number 0..63 or a name such as EF, AF41, CS6");
        err.getBuffer().setLength(0);
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--redo-rate", "10MB/s", "--load-dscp", "CS1"));
        assertOneLineError("--load-dscp marks the --under-load load; give --under-load too");
    }

    @Test
    void agentsLegsLeaveByTheAgentsOwnAddress() {
        assertEquals(2, run("bulk", "127.0.0.1", "--port", port(), "--direction", "backup", "--from", "a,b", "--bind",
                "127.0.0.1"));
        assertOneLineError("--bind is this host's address; with --from each agent's runs leave by the address its own "
                + "'probe agent --legs-from ADDR' names");
        err.getBuffer().setLength(0);
        assertEquals(2, run("objstore", "backup", "--namespace", "n", "--bucket", "b", "--config", "/nonexistent",
                "--bind", "192.0.2.123"));
        assertOneLineError("--bind: 192.0.2.123 is not an address of this host");
        err.getBuffer().setLength(0);
        assertEquals(2, run("agent", "--local-only", "--port", "0", "--legs-from", "192.0.2.123"));
        assertTrue(err.toString().startsWith("probe: --legs-from: 192.0.2.123 is not an address of this host"),
                err.toString());
    }

    @Test
    void monitorFlagsAreCheckedFirst() {
        assertEquals(2, run("monitor", "127.0.0.1", "--port", port(), "--every", "500ms"));
        assertOneLineError("--every: must be at least 1s");
        err.getBuffer().setLength(0);
        assertEquals(2, run("monitor", "127.0.0.1", "--port", port(), "--listen", "9464"));
        assertOneLineError("--listen: '9464' is not ADDR:PORT (e.g. 127.0.0.1:9464)");
        err.getBuffer().setLength(0);
        assertEquals(2, run("monitor", "127.0.0.1", "--port", port(), "--duty-cap", "0.9"));
        assertOneLineError("--duty-cap: 0.9 is out of range (0, 0.5]");
        err.getBuffer().setLength(0);
        assertEquals(2, run("monitor", "--port", port()));
        assertOneLineError("monitor: give a STANDBY_HOST to watch, or --allow-targets to serve /probe?target= only");
        err.getBuffer().setLength(0);
        assertEquals(2, run("monitor", "127.0.0.1", "--port", port(), "--baseline", "/nonexistent/q.json"));
        assertTrue(err.toString().startsWith("probe: --baseline: cannot read /nonexistent/q.json"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("monitor", "--allow-targets", "10.0.0.0/33", "--port", port()));
        assertOneLineError("--allow-targets: '10.0.0.0/33': the prefix length must be 0 to 32");
    }

    @Test
    void racRatesArePerNode() {
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--redo-rate", "30MB/s,25MB/s"));
        assertOneLineError("--redo-rate: one rate per instance is for --from (a RAC primary's nodes); give one rate "
                + "here");
        err.getBuffer().setLength(0);
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--redo-rate", "30MB/s", "--from", "n1,n2"));
        assertOneLineError("--redo-rate: give one rate per --from host (2 hosts, 1 rate): e.g. --redo-rate "
                + "30MB/s,25MB/s");
    }

    @Test
    void reverseIsAsyncOnlyAndBothDirectionsNeedTheirBudget() throws Exception {
        assertEquals(2, run("client", "127.0.0.1", "--port", port(), "-R"));
        assertOneLineError("--reverse: the server sends in async mode only, without --write (give --mode async)");
        err.getBuffer().setLength(0);
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--redo-rate", "10MB/s", "--both-directions",
                "--budget", "30s"));
        assertOneLineError("--budget: 30 s is too short for --both-directions: each direction needs 15 s (give "
                + "--budget 45s or more)");
        err.getBuffer().setLength(0);
        Path events = dir.resolve("refused.jsonl");
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--redo-rate", "10MB/s", "--affirm",
                "--redo-write-size", "512,32KiB,256KiB,1MiB", "--budget", "20s", "--json-stream", events.toString()));
        assertTrue(err.toString().startsWith("probe: --budget: 20 s is too short for the 13 steps asked"), err
                .toString());
        assertTrue(!Files.exists(events) || !Files.readString(events).contains("\"start\""),
                "issue 39: refused before the stream's start event");
        err.getBuffer().setLength(0);
        assertEquals(2, run("qualify", "127.0.0.1", "--port", port(), "--redo-rate", "10MB/s", "--reverse",
                "--both-directions"));
        assertTrue(err.toString().contains("mutually exclusive"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(0, run("client", "127.0.0.1", "--port", port(), "--mode", "async", "--reverse", "--duration",
                "1s"), err.toString());
        assertTrue(out.toString().contains("ASYNC REVERSE (the server sends, this host receives)"), out.toString());
    }

    @Test
    void outOfRangeParameterIsOneLineAndExitTwo() {
        assertEquals(2, run("client", "127.0.0.1", "--port", port(), "--num-conn", "1000"));
        assertOneLineError("--num-conn: 1000 is out of range [1, 128]");
    }

    @Test
    void unknownOratcptestOptionIsOneLine() {
        assertEquals(2, run("db2", "-bogus=1"));
        assertOneLineError("unknown oratcptest option '-bogus=1'");
    }

    @Test
    void connectionRefusedIsOneLineAndExitOne() throws Exception {
        int free;
        try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            free = ss.getLocalPort();
        }
        assertEquals(1, run("client", "127.0.0.1", "--port", String.valueOf(free), "--duration", "1s"));
        assertOneLineError("cannot connect to 127.0.0.1:" + free);
    }

    @Test
    void serverRefusalIsOneLineAndExitFour() {
        assertEquals(4, run("client", "127.0.0.1", "--port", port(), "--duration", "2h"));
        assertOneLineError("server refused: test of 7200 s exceeds this server's max-duration of 60 s");
    }

    @Test
    void badServerPortIsOneLine() {
        assertEquals(2, run("server", "--port", "99999"));
        assertOneLineError("port: 99999 is out of range");
    }

    @Test
    void secretShorterThanSixteenBytesIsOneLine() throws Exception {
        Path f = dir.resolve("short");
        Files.writeString(f, "tiny\n");
        assertEquals(2, run("client", "127.0.0.1", "--port", port(), "--secret-file", f.toString()));
        assertOneLineError("the shared secret must be at least 16 bytes, got 4");
    }

    @Test
    void objstoreWithoutAnOciConfigIsOneLine() {
        assertEquals(2, run("objstore", "backup", "--namespace", "ns", "--bucket", "b", "--config",
                dir.resolve("none").toString()));
        assertOneLineError("no OCI config file at ");
    }

    @Test
    void objstorePartSizeNotInMibIsOneLine() {
        assertEquals(2, run("objstore", "backup", "--namespace", "ns", "--bucket", "b", "--part-size", "1000000"));
        assertOneLineError("part-size: 1000000 bytes must be a whole number of MiB");
    }

    @Test
    void netemPlanPrintsThePapersCommands() {
        assertEquals(0, run("lab", "netem-plan", "--rtt-ms", "35", "--loss-pct", "0.5", "--direction", "restore",
                "--dev-to-server", "eth1", "--dev-to-client", "eth0", "--bandwidth", "1gbit"));
        List<String> lines = out.toString().lines().toList();
        assertEquals("tc qdisc replace dev eth1 root netem delay 17.5ms limit 18750", lines.get(1));
        assertEquals("tc qdisc replace dev eth0 root netem delay 17.5ms loss 0.5% limit 18750", lines.get(2));
    }

    @Test
    void netemPlanBadArgumentsAreOneLine() {
        assertEquals(2, run("lab", "netem-plan", "--rtt-ms", "5", "--loss-pct", "1", "--direction", "backup",
                "--dev-to-server", "a", "--dev-to-client", "b", "--apply", "--clear"));
        assertOneLineError("mutually exclusive");
        err.getBuffer().setLength(0);
        assertEquals(2, run("lab", "netem-plan", "--rtt-ms", "5", "--loss-pct", "1", "--direction", "backup",
                "--dev-to-server", "a", "--dev-to-client", "b", "--bandwidth", "fast"));
        assertOneLineError("'fast' is not a rate");
    }

    @Test
    void portInUseIsOneLineAndExitOne() {
        assertEquals(1, run("server", "--bind", "127.0.0.1", "--port", port()));
        assertOneLineError("cannot listen");
    }

    @Test
    void labAndSweepBadArgumentsAreOneLine() {
        assertEquals(2, run("lab", "up", "--mtu", "1400"));
        assertOneLineError("mtu: 1400 is not supported");
        err.getBuffer().setLength(0);
        assertEquals(2, run("lab", "up", "--subnet", "8.8.8.0/30"));
        assertOneLineError("not in a private range");
        err.getBuffer().setLength(0);
        assertEquals(2, run("lab", "up", "--unit-segments", "0"));
        assertOneLineError("unit-segments: 0 is out of range");
        err.getBuffer().setLength(0);
        assertEquals(2, run("lab", "up", "--loss-unit", "packets"));
        assertOneLineError("loss-unit: 'packets' is not aggregate, segment or a number of segments from 1 to 64");
        err.getBuffer().setLength(0);
        assertEquals(2, run("lab", "up", "--loss-unit", "segment", "--unit-segments", "3"));
        assertOneLineError("loss-unit: give --loss-unit or --unit-segments, not both");
        err.getBuffer().setLength(0);
        assertEquals(2, run("lab", "run", "--side", "middle", "true"));
        assertOneLineError("--side must be client or server");
        err.getBuffer().setLength(0);
        assertEquals(2, run("sweep", "--direction", "backup", "--out", "unused", "--scale-channels"));
        assertOneLineError("scale-channels: needs --rate");
        err.getBuffer().setLength(0);
        assertEquals(2, run("sweep", "--direction", "backup", "--out", "unused", "--rtt", "5,x"));
        assertOneLineError("'x'");
        err.getBuffer().setLength(0);
        assertEquals(2, run("sweep", "--direction", "backup", "--out", "unused", "--impair", "wan"));
        assertOneLineError("--impair must be netem, userspace or auto");
    }

    @Test
    void labCommandsOnALabThatIsNotUpSaySo() {
        assertEquals(1, run("lab", "status", "--name", "nosuchlab"));
        assertOneLineError("lab 'nosuchlab' is not up");
        err.getBuffer().setLength(0);
        assertEquals(1, run("lab", "run", "--name", "nosuchlab", "true"));
        assertOneLineError("namespace nosuchlab-client does not exist");
    }

    @Test
    void bulkRejectsABadCongestionControlName() {
        assertEquals(2, run("bulk", "127.0.0.1", "--port", port(), "--direction", "backup", "--congestion", "Cubic!"));
        assertOneLineError("congestion: 'Cubic!' is not a congestion control name");
    }

    @Test
    void resultPathsAreCheckedBeforeAnyTestRuns() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        String[][] cases = {
                {"client", "127.0.0.1", "--port", port(), "--json", dir.resolve("missing/r.json").toString()},
                {"client", "127.0.0.1", "--port", port(), "--json", dir.toString()},
                {"client", "127.0.0.1", "--port", port(), "--hlog", file.resolve("x.hlog").toString()},
                {"bulk", "127.0.0.1", "--port", port(), "--direction", "backup", "--volume", "1MiB", "--csv",
                        file.resolve("b.csv").toString()},
                {"demo", "--json-dir", file.toString()},
                {"report", "compare", "--out", file.toString(), file.toString()},
        };
        String[] expected = {"--json " + dir.resolve("missing/r.json") + ": the directory", "is a directory",
                "--hlog", "--csv", "--json-dir " + file + " is a file", "--out " + file + " is a file"};
        for (int i = 0; i < cases.length; i++) {
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);
            assertEquals(2, run(cases[i]), String.join(" ", cases[i]) + ": " + err);
            assertOneLineError(expected[i]);
            assertFalse(out.toString().contains("Test finished") || out.toString().contains("Run finished"),
                    "nothing ran: " + out);
        }
        assertFalse(Files.exists(dir.resolve("missing")), "no directory made behind the user's back");
    }

    @Test
    void errorsNameTheFlagAsTyped() {
        assertEquals(2, run("client", "127.0.0.1", "--port", port(), "--num-conn", "0"));
        assertOneLineError("--num-conn: 0 is out of range [1, 128]");
        err.getBuffer().setLength(0);
        assertEquals(2, run("127.0.0.1", "-port=" + port(), "-num_conn=0"));
        assertOneLineError("-num_conn=: 0 is out of range [1, 128]");
        err.getBuffer().setLength(0);
        assertEquals(2, run("client", "127.0.0.1", "--port", port(), "--secret-file", dir.resolve("nope").toString()));
        assertOneLineError("--secret-file " + dir.resolve("nope") + ": no such file");
        err.getBuffer().setLength(0);
        assertEquals(1, run("server", "--bind", "127.0.0.1", "--port", port()));
        assertOneLineError("cannot listen on 127.0.0.1:" + port() + ": Address already in use");
    }

    /** Issue 24, point 8: "Moved ... in 0 pieces" after a timed run whose 1 GiB pieces were all cut. */
    @Test
    void aTimedBulkRunWhosePiecesWereCutSaysSo() throws Exception {
        assertEquals(0, run("bulk", "127.0.0.1", "--port", port(), "--direction", "backup", "--duration", "1s",
                "--channels", "8", "--no-verify"), err.toString());
        assertTrue(out.toString().contains(" in 0 whole pieces (the pieces under way were cut when the time was up; a "
                + "smaller --piece-size gives whole ones)"), out.toString());
    }

    @Test
    void bulkSaysWhatItChangedAndWhatSatIdle() throws Exception {
        assertEquals(2, run("bulk", "127.0.0.1", "--port", port(), "--direction", "backup", "--volume", "0"));
        assertOneLineError("--volume: 0 bytes; the volume must be above 0");
        Path json = dir.resolve("b.json");
        assertEquals(0, run("bulk", "127.0.0.1", "--port", port(), "--direction", "backup", "--volume", "8MiB",
                "--channels", "4", "--json", json.toString()), err.toString());
        String o = out.toString();
        assertTrue(o.contains(
                "NOTE: --piece-size 1024 Mbytes is larger than the volume: one piece of 8 Mbytes instead."), o);
        assertTrue(o.contains("WARNING: 4 channels but 1 piece: 3 channels will sit idle"), o);
        assertTrue(o.contains("(at the 1 of 4 channels that moved data)"), o);
        JsonNode doc = Json.MAPPER.readTree(json.toFile());
        assertEquals(1, doc.at("/summary/channels_active").asInt());
        assertTrue(doc.at("/summary/cpu/local/percent_of_core").isNumber(), "the client's CPU: " + doc.at(
                "/summary/cpu"));
        assertTrue(doc.at("/summary/cpu/remote/user_s").isNumber(), "the server's CPU, from its RESULT");
        assertTrue(o.contains("CPU Utilization: local/sender"), o);
        assertEquals(8L << 20, doc.at("/params/piece_size").asLong());
    }

    @Test
    void syncWithWriteShowsNetworkAndDiskSharesAndEveryThroughputSaysWhoseItIs() {
        assertEquals(0, run("client", "127.0.0.1", "--port", port(), "--length", "4k", "--duration", "1s", "--write"),
                err.toString());
        String o = out.toString();
        assertTrue(o.matches(
                "(?s).*Commit time shares p50 = network [0-9.]+ ms \\+ standby disk [0-9.]+ ms = [0-9.]+ ms.*"), o);
        assertTrue(o.contains("Commit time shares p99 = network"), o);
        assertTrue(o.contains("(receiver goodput: what the server counted after warm-up)"), o);
        assertTrue(o.contains("Sender throughput = ") && o.contains("(ACKed by this client after warm-up"), o);
        assertTrue(o.contains("Throughput (ACKed)"), "the interval lines say what they count: " + o);
        assertTrue(o.matches(
                "(?s).*CPU Utilization: local/sender [0-9.]+ % of a core \\([0-9.]+ s user, [0-9.]+ s sys; "
                        + "[0-9.]+ s/GiB; JIT [0-9.]+ s, GC [0-9.]+ s\\), remote/receiver [0-9.]+ % of a core.*"), o);
    }
}
