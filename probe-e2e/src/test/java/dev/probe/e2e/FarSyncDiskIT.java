package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.qualify.Rules;
import dev.probe.core.testing.ResultInvariants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 41: a Far Sync whose standby redo log disk is slower raises the commit time by about what its forced write
 * takes longer. The relay (a real agent process) writes its AFFIRM ring on a file system mounted in user space whose
 * fsync sleeps 5 ms before it forces the file (slowfs.py, FUSE), then on the temp directory's own disk; the same plan
 * (prim SYNC to fs1, fs1 ASYNC to sb1, on loopback) runs through each. Needs /dev/fuse, fusermount and Python's
 * fusepy; skipped with that reason elsewhere.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@ExtendWith(TimingPriority.class) // it times a commit through a relay and its slower disk
class FarSyncDiskIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern AGENT = Pattern.compile("Probe agent started on [0-9.]+:(\\d+)");
    private static final double DELAY_MS = 5;
    @TempDir
    Path dir;

    private static boolean fuse() {
        return Files.exists(Path.of("/dev/fuse")) && Files.isExecutable(Path.of("/usr/bin/fusermount"))
                && Files.exists(Path.of("/usr/lib/python3/dist-packages/fusepy.py"));
    }

    private JsonNode qualify(int fs1, String agent, int sb1, String name) throws Exception {
        Path plan = dir.resolve(name + ".yaml");
        Files.writeString(plan, """
                redo: 1MB/s
                sites:
                  prim: {role: primary}
                  fs1:  {role: far-sync, server: 127.0.0.1:%d, agent: %s}
                  sb1:  {role: standby, server: 127.0.0.1:%d}
                routes:
                  prim: "(LOCAL : fs1 SYNC)"
                  fs1:  "(prim : sb1 ASYNC)"
                sync: {commit-budget: 20ms}
                """.formatted(fs1, agent, sb1));
        Path json = dir.resolve(name + ".json");
        ProbeProcess q = ProbeProcess.start("qualify", "--plan", plan.toString(), "--budget", "15s", "--json",
                json.toString());
        q.awaitExit(90);
        System.out.println("FarSyncDiskIT " + name + ":\n" + q.stdout());
        JsonNode doc = JSON.readTree(json.toFile());
        ResultInvariants.check(doc);
        return doc;
    }

    private static ProbeProcess agent(Path file) throws Exception {
        return ProbeProcess.start("agent", "--local-only", "--port", "0", "--allow-targets", "127.0.0.1", "--file",
                file.toString(), "--file-size", "64MiB");
    }

    @Test
    void aSlowerFarSyncDiskRaisesTheCommitTimeByAboutItsWrite() throws Exception {
        assumeTrue(fuse(), "needs /dev/fuse, fusermount and python3-fusepy");
        Path backing = Files.createDirectories(dir.resolve("backing"));
        Path mount = Files.createDirectories(dir.resolve("slow"));
        Path script = Path.of(FarSyncDiskIT.class.getResource("/slowfs.py").toURI());
        Process fs = new ProcessBuilder(ProbeProcess.atNiceness(List.of("/usr/bin/python3", script.toString(),
                backing.toString(), mount.toString(), String.valueOf(DELAY_MS)))).redirectErrorStream(true)
                        .redirectOutput(dir.resolve("fuse.log").toFile())
                        .start();
        try (ProbeProcess fs1 = ProbeProcess.start("server", "--bind", "127.0.0.1", "--port", "0");
             ProbeProcess sb1 = ProbeProcess.start("server", "--bind", "127.0.0.1", "--port", "0")) {
            long end = System.currentTimeMillis() + ProbeProcess.PROGRESS_MS;
            while (!Files.readString(Path.of("/proc/mounts")).contains(" " + mount + " ")) {
                assertTrue(fs.isAlive() && System.currentTimeMillis() < end, "slowfs did not mount: "
                        + Files.readString(dir.resolve("fuse.log")));
                Thread.sleep(50);
            }
            int fs1Port = fs1.awaitServerPort();
            int sb1Port = sb1.awaitServerPort();
            JsonNode fast;
            try (ProbeProcess a = agent(dir.resolve("relay.dat"))) {
                fast = qualify(fs1Port, "127.0.0.1:" + a.awaitMatch(AGENT, ProbeProcess.PROGRESS_MS), sb1Port, "fast");
            }
            JsonNode slow;
            try (ProbeProcess a = agent(mount.resolve("relay.dat"))) {
                slow = qualify(fs1Port, "127.0.0.1:" + a.awaitMatch(AGENT, ProbeProcess.PROGRESS_MS), sb1Port, "slow");
            }
            double fastDisk = fast.at("/hops/0/redo/summary/disk_write_ms/p50").asDouble();
            double slowDisk = slow.at("/hops/0/redo/summary/disk_write_ms/p50").asDouble();
            assertTrue(slowDisk - fastDisk >= DELAY_MS * 0.9, "fs1's forced write took about 5 ms longer: "
                    + fastDisk + " then " + slowDisk);
            double added = slow.at("/summary/commit_ms/p50").asDouble() - fast.at("/summary/commit_ms/p50").asDouble();
            // beyond the write, the relay host's wake-ups after each slowed fsync (a 5 ms sleep in a Python FUSE file
            // system, on two cores beside five JVMs) reach the commit: 0.5 to 1.1 ms in six CI runs, 1.9 ms in one
            // and 1.8-2.2 ms beside two busy loops, 2.4 ms in run 36 (load average 7); a commit cannot rise by less
            // than the write (0.5 ms under it at most), and the host adds up to half the write again
            double slower = slowDisk - fastDisk;
            assertTrue(added >= slower - 0.5 && added <= slower + Math.max(1.5, 0.5 * slower),
                    "the commit time rose by about what the write took longer: " + added + " ms for " + slower);
            // all of it (Rules.KEEPS_UP), or with the lag flat, as the verdict reads a hop: run 90 carried 0.967 MB/s
            // with the lag flat at 0.29 s behind, the primary's last stalls on the slowed write
            assertTrue(slow.at("/hops/1/carried_bytes_s").asDouble() >= Rules.KEEPS_UP * 1e6 || slow.at(
                    "/hops/1/lag/flat").asBoolean(), "sb1 still receives the redo: " + slow.at("/hops/1"));
            // the relay's time is the time the primary sent: its stalls on fs1's slower write are the SYNC hop's
            // (two CI runs judged this hop FAIL, 0.96 MB/s and a 0.23 s lag, for the primary's last silent 0.4 s)
            assertEquals("PASS", slow.at("/hops/1/status").asText(), "sb1 keeps up: " + slow.at("/hops/1"));
        } finally {
            new ProcessBuilder("/usr/bin/fusermount", "-u", mount.toString()).start().waitFor(10, TimeUnit.SECONDS);
            fs.destroy();
            if (!fs.waitFor(10, TimeUnit.SECONDS)) {
                fs.destroyForcibly();
            }
        }
    }
}
