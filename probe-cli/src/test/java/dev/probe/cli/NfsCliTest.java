package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.testing.GaneshaServer;
import dev.probe.core.testing.InNamespace;
import dev.probe.core.testing.ResultInvariants;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44 at the command line: {@code probe disk --nfs} against nfs-ganesha in a namespace of the test's own prints
 * each connection count's points, the clients side by side with the kernel client's column from {@code --dir} (here
 * not an NFS mount, and said so), the checks and the advice, and writes the JSON and the page; bad input is one line
 * naming the flag as typed, exit 2, before any traffic.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NfsCliTest {
    @TempDir
    Path dir;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private void refused(String expected, String... args) {
        err.getBuffer().setLength(0);
        assertEquals(2, run(args), err.toString());
        String e = err.toString().trim();
        assertEquals(1, e.lines().count(), "one line: " + e);
        assertEquals("probe: " + expected, e);
    }

    @Test
    void badInputIsOneLineNamingTheFlag() {
        refused("--nfs: 'host' is not SERVER:/EXPORT (as a mount names it)", "disk", "--nfs", "host");
        refused("--connections: 0 is out of range [1, 256]", "disk", "--nfs", "h:/x", "--connections", "0");
        refused("--connections: '4,2' does not rise (1,2,4 ...)", "disk", "--nfs", "h:/x", "--connections", "4,2");
        refused("--connections: 'x' is not a number of connections", "disk", "--nfs", "h:/x", "--connections", "1,x");
        refused("--path: 'a=' is not LOCAL=REMOTE (oranfstab's local and path)", "disk", "--nfs", "h:/x", "--path",
                "a=");
        refused("--path: 5 paths; dNFS takes at most 4", "disk", "--nfs", "h:/x", "--path", "a", "--path", "b",
                "--path", "c", "--path", "d", "--path", "e");
        refused("--io-timeout: 50 ms is out of range [100 ms, 10 min]", "disk", "--nfs", "h:/x", "--io-timeout",
                "50ms");
        refused("--dir or --nfs is required: the storage to measure", "disk");
        refused("--profile: 'fast' is not redo, oltp, dss (olap), slob or all", "disk", "--nfs", "h:/x", "--profile",
                "fast");
    }

    @Test
    void theClientsSideBySideWithTheirChecksJsonAndPage() throws Exception {
        String why = GaneshaServer.whyNot();
        assumeTrue(why == null, why);
        Path export = Files.createDirectories(dir.resolve("export"));
        Path local = Files.createDirectories(dir.resolve("local"));
        Path json = dir.resolve("nfs.json");
        Path page = dir.resolve("page");
        try (GaneshaServer server = GaneshaServer.start(Files.createDirectories(dir.resolve("g")), export)) {
            int code = InNamespace.call(server.namespace(), () -> run("disk", "--nfs", "127.0.0.1:" + export,
                    "--connections", "1,2", "--dir", local.toString(), "--buffered", "--profile", "redo,slob",
                    "--size", "64MiB", "--point", "200ms", "--max-outstanding", "2", "--json", json.toString(),
                    "--out", page.toString()));
            assertEquals(0, code, err.toString() + out);
            String o = out.toString();
            System.out.println("NfsCliTest:\n" + o);
            for (String s : new String[] {"from user space over 1 connection:", "from user space over 2 connections:",
                    "(the kernel client: ", "client                oltp IOPS  slob IOPS read p50/p99 ms",
                    "kernel client", "user space, 1 conn", "user space, 2 conn", "the baseline",
                    "OK    the server's wtmax (largest WRITE) is ", "WARN  --dir " + local.toRealPath() + " is on ",
                    ", not an NFS mount: its column is that storage, not the kernel NFS client",
                    "Wrote "}) {
                assertTrue(o.contains(s), s + " in:\n" + o);
            }
            // a loaded host can cut one column's slob ladder short (run 57: the one connection's figure missing); then
            // the advice says nothing was compared, never "more connections do not help"
            assertTrue(o.contains("advice slob IOPS: 2 connections carry ") || o.contains(
                    "advice more connections not compared: no figure was measured both over 1 connection"), o);
            JsonNode doc = new ObjectMapper().readTree(json.toFile());
            ResultInvariants.check(doc);
            assertEquals(3, doc.at("/summary/nfs/table").size(), "kernel, 1 and 2 connections");
            assertEquals("kernel", doc.at("/summary/nfs/table/0/client").asText());
            assertTrue(doc.at("/intervals/0/cpu_s_per_gib").isMissingNode(), "the kernel's points carry no CPU");
            String html = Files.readString(page.resolve("disk.html"));
            assertTrue(html.contains("NFS check of 127.0.0.1:" + export) && html.contains("kernel client"), html);
            assertTrue(Files.exists(page.resolve("nfs-iops.png")), "the IOPS chart");
            assertFalse(err.toString().contains("Exception"), err.toString());
        }
    }
}
