package dev.probe.core.nfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.disk.DiskResult;
import dev.probe.core.disk.LoadPoint;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 44: the kernel client's mount read from /proc/mounts' lines (the longest mount point holding the directory,
 * octal escapes undone), Oracle's rules checked on its options, and the advice the side-by-side table supports.
 */
class NfsAdviceTest {
    private static final List<String> MOUNTS = List.of(
            "/dev/sda1 / ext4 rw,relatime 0 0",
            "filer:/oradata /u02 nfs rw,relatime,vers=3,rsize=1048576,wsize=1048576,hard,proto=tcp,timeo=600,"
                    + "nconnect=4,actimeo=0 0 0",
            "filer:/arch /mnt/arch\\040logs nfs4 rw,soft,rsize=16384,wsize=16384,proto=tcp 0 0");

    @Test
    void theMountHoldingADirectoryAndOraclesRulesOnIt() {
        KernelMount data = KernelMount.find(Path.of("/u02/oradata/PROD"), MOUNTS);
        assertEquals("/u02", data.mountPoint());
        assertTrue(data.nfs() && data.number("nconnect") == 4 && data.has("hard"), data.toString());
        List<NfsChecks.Check> good = NfsChecks.kernel("/u02/oradata/PROD", data);
        assertTrue(good.stream().allMatch(c -> c.status().equals("ok")), good.toString());
        assertTrue(good.get(good.size() - 1).text().endsWith("opens 4 connections to its server (nconnect)"));

        KernelMount arch = KernelMount.find(Path.of("/mnt/arch logs/1"), MOUNTS);
        assertEquals("/mnt/arch logs", arch.mountPoint());
        List<NfsChecks.Check> bad = NfsChecks.kernel("/mnt/arch logs/1", arch);
        assertEquals(List.of("fail", "fail", "fail", "warn", "ok"), bad.stream().map(NfsChecks.Check::status).toList(),
                bad.toString());
        assertEquals("/mnt/arch logs (filer:/arch)'s rsize is 16384 bytes, under the 32768 Oracle requires",
                bad.get(0).text());
        assertTrue(bad.get(2).text().contains("is mounted soft: Oracle requires hard mounts"), bad.get(2).text());

        KernelMount root = KernelMount.find(Path.of("/home/x"), MOUNTS);
        assertEquals("warn", NfsChecks.kernel("/home/x", root).get(0).status());
        assertNull(KernelMount.find(Path.of("/x"), List.of("filer:/a /u02 nfs rw 0 0")));
    }

    private static NfsTable.Row row(int connections, double seqRead, double oltp) {
        return new NfsTable.Row(connections == 0 ? "kernel" : "user space", connections, oltp, null, null, seqRead,
                null, null, null, null, 0);
    }

    @Test
    void theAdviceTheTableSupports() {
        List<NfsTable.Row> rows = List.of(row(0, 100, 5000), row(1, 80, 4000), row(4, 240, 4200));
        List<String> advice = NfsTable.advice(rows, true);
        assertEquals(List.of(
                "oltp IOPS: 4 connections carry 1.05x what 1 does (4200.0 against 4000.0)",
                "sequential-read MB/s: 4 connections carry 3.00x what 1 does (240.0 against 80.0)",
                "more connections help: Direct NFS (one connection per database process) gets this; for the kernel "
                        + "client mount with nconnect=4",
                "oltp IOPS: user space over 4 connections carries 0.84x what the kernel client does (4200.0 against "
                        + "5000.0)",
                "sequential-read MB/s: user space over 4 connections carries 2.40x what the kernel client does "
                        + "(240.0 against 100.0)"), advice);
        List<String> flat = NfsTable.advice(List.of(row(1, 80, 4000), row(2, 85, 4100)), false);
        assertTrue(flat.get(flat.size() - 1).startsWith("more connections do not help here (under 1.2x"), flat
                .toString());
        // run 57: a loaded host cut the one-connection column's points; nothing to compare is no advice
        NfsTable.Row cut = new NfsTable.Row("user space", 1, null, null, null, null, 6.5, null, null, null, 0);
        NfsTable.Row two = new NfsTable.Row("user space", 2, null, 580.0, null, null, 6.1, null, null, null, 0);
        assertEquals(List.of("more connections not compared: no figure was measured both over 1 connection and over "
                + "more; run again (a longer --duration) to judge Direct NFS and nconnect"), NfsTable.advice(List.of(
                        cut, two), false));
    }

    /** Run 45's reading: 29.4 MB/s of 1 MiB reads, 2.76 ms idle, a 256 KiB tcp_rmem, TCP's round trip as given. */
    private static NfsResult oneConnection(double srttMs) {
        LoadPoint seq = new LoadPoint("seq-read", 1 << 20, 8, 1.0, 28, 0, null, null, true);
        DiskResult d = new DiskResult(Instant.EPOCH, "nfs://filer/x", NfsCheck.fileSystem(1), 512, null, List.of(seq));
        NfsResult.Column one = new NfsResult.Column(1, d, 0, List.of(), List.of(0.1), List.of(srttMs));
        return new NfsResult(Instant.EPOCH, null, null, 2.76, 256 * 1024, List.of(one), null);
    }

    @Test
    void theWindowIsReckonedWithTheRoundTripTheReadsMet() {
        // Little's law: the bytes in flight are the rate times the round trip the data saw; the idle one under-counts
        // them on a loaded host (run 45: 79 KiB at 2.76 ms idle, not window-bound, while 4 connections carried 3.97x)
        assertEquals("one connection's sequential reads kept 79 KiB in flight (29.4 MB/s x 2.76 ms round trip) "
                + "against a receive buffer of at most 256 KiB (net.ipv4.tcp_rmem): not window-bound (the server, "
                + "the link or the outstanding I/Os hold it)", NfsTable.window(oneConnection(Double.NaN)));
        String loaded = NfsTable.window(oneConnection(4.5));
        assertTrue(loaded.startsWith("one connection's sequential reads kept 129 KiB in flight (29.4 MB/s x 4.50 ms "
                + "round trip as TCP measured it under the reads; 2.76 ms idle)"), loaded);
        assertTrue(loaded.endsWith(": window-bound (more connections, or a larger tcp_rmem, carry more)"), loaded);
        // a smoothed round trip below the idle one (a quiet moment) never lowers the reckoning
        assertEquals(NfsTable.window(oneConnection(Double.NaN)), NfsTable.window(oneConnection(1.0)));
        // run 67: 101 KiB in flight against the 256 KiB buffer (its window about half of it) while four connections
        // carried 2.99 x one: window-bound
        String run67 = NfsTable.window(oneConnection(3.52));
        assertTrue(run67.contains("kept 101 KiB in flight") && run67.endsWith(": window-bound (more connections, or a "
                + "larger tcp_rmem, carry more)"), run67);
    }
}
