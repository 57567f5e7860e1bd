package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 57, point 1, through the jar: an export host whose portmapper answers with endless 4-byte marks of empty,
 * not-last RPC fragments once took {@code probe disk --nfs} to an OutOfMemoryError, still running 60 s past its
 * 10 s --io-timeout (RSS 73 -> 1,119 MiB after 49 MiB of marks). Now it ends at once with one line naming --nfs and
 * what the peer sent, and its resident memory stays under 256 MiB.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class HostileNfsLabIT extends TwoSiteLabBase {
    /**
     * How long the hostile portmapper serves, counted from its start: past the slowest start of the probe that
     * meets it (run 71: 12 s ran out while a loaded host started {@code lab run} and the probe's JVM, and the probe
     * was refused). It ends 5 s after the probe leaves, and the test stops it when it is done.
     */
    private static final int PEER_SECONDS = 120;

    HostileNfsLabIT() {
        super("ph", "10.243.");
    }

    @Test
    void aPortmapperSendingEmptyFragmentsIsRefusedInBoundedMemory() throws Exception {
        ProbeProcess up = ProbeProcess.start("lab", "up", "--name", name, "--subnet", subnet);
        assertEquals(0, up.awaitExit(), up.stdout() + up.stderr());
        Path source = dir.resolve("ZeroMarks.java");
        try (var in = HostileNfsLabIT.class.getResourceAsStream("/hostile/ZeroMarks.java")) {
            Files.copy(in, source);
        }
        try (ProbeProcess peer = ProbeProcess.start("lab", "run", "--name", name, "--side", "server", java(),
                source.toString(), String.valueOf(PEER_SECONDS))) {
            long deadline = System.currentTimeMillis() + ProbeProcess.PROGRESS_MS;
            while (!ss().contains(":111 ") && System.currentTimeMillis() < deadline) {
                Thread.sleep(200); // its output comes through lab run only at its end: ask the namespace instead
            }
            assertTrue(ss().contains(":111 "), "the hostile portmapper listens: " + ss());
            String marker = "/hostile-" + System.nanoTime();
            long t0 = System.nanoTime();
            ProbeProcess disk = ProbeProcess.start("lab", "run", "--name", name, java(), "-Xmx512m", "-jar",
                    ProbeProcess.jar().toAbsolutePath().toString(), "disk", "--nfs", serverAddress + ":" + marker,
                    "--io-timeout", "10s", "--size", "64MiB");
            long peakKib = 0;
            while (disk.alive()) {
                peakKib = Math.max(peakKib, peakRssKib(marker));
                Thread.sleep(50);
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            int exit = disk.awaitExit();
            String err = disk.stderr();
            System.out.println("HostileNfsLabIT: exit " + exit + " after " + seconds + " s, peak RSS " + peakKib / 1024
                    + " MiB: " + err);
            assertNotEquals(0, exit);
            // the peer's output only on failure: reading its stderr waits for the peer to end
            assertTrue(err.contains("--nfs") && err.contains("an empty RPC record fragment"), () -> err
                    + "; the peer: " + peer.stdout() + peer.stderr());
            assertEquals(1, err.trim().lines().count(), "one line: " + err);
            assertTrue(seconds < 20, "ended long before its --io-timeout's worth of marks: " + seconds + " s");
            assertTrue(peakKib < 256 * 1024, "resident memory under 256 MiB: " + peakKib / 1024 + " MiB");
        }
    }

    private String ss() throws Exception {
        ProbeProcess ss = ProbeProcess.start("lab", "run", "--name", name, "--side", "server", "ss", "-ltn");
        ss.awaitExit();
        return ss.stdout();
    }

    /** The peak resident memory (VmHWM) of the process whose command line holds {@code marker}; 0 when none. */
    private static long peakRssKib(String marker) {
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs::iterator) {
                if (!p.getFileName().toString().matches("\\d+")) {
                    continue;
                }
                try {
                    String cmd = new String(Files.readAllBytes(p.resolve("cmdline")));
                    if (cmd.contains(marker) && cmd.contains("-jar")) {
                        for (String l : Files.readAllLines(p.resolve("status"))) {
                            if (l.startsWith("VmHWM:")) {
                                return Long.parseLong(l.replaceAll("[^0-9]", ""));
                            }
                        }
                    }
                } catch (IOException gone) {
                    // the process ended while it was read
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return 0;
    }
}
