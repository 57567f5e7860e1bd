package dev.probe.core.units;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * This process's CPU time at one instant: user and system seconds from /proc/self/stat on Linux (the JVM's
 * process CPU time, all counted as user, elsewhere), the part of it the JVM's own JIT compiler and garbage collector
 * threads used (from /proc/self/task; -1 where unknown), with the wall clock beside it. Read at a run's start and
 * end, never on the hot path (a thread count's worth of small file reads).
 *
 * <pre>{@code
 * CpuTime start = CpuTime.now();
 * ... run ...
 * CpuUsage used = start.until(CpuTime.now());
 * }</pre>
 *
 * @param userNanos   the process's user CPU time
 * @param systemNanos the process's system CPU time
 * @param wallNanos   {@link System#nanoTime()} when read
 * @param jitNanos    CPU time of the C1/C2 compiler (and code cache sweeper) threads, or -1 (a lower bound that never
 *                    decreases: {@link JvmThreadTimes})
 * @param gcNanos     CPU time of the garbage collector's threads and the VM thread (which runs the serial
 *                    collector's pauses), or -1
 */
public record CpuTime(long userNanos, long systemNanos, long wallNanos, long jitNanos, long gcNanos) {

    /** Linux's USER_HZ: /proc counts CPU time in these ticks on every mainstream architecture. */
    private static final long TICK_NANOS = 10_000_000;
    private static final Path SELF = Path.of("/proc/self");
    /** Compiler threads come and go: their sums keep what ended threads had used. */
    private static final JvmThreadTimes JVM_THREADS = new JvmThreadTimes();

    /** Samples this close together are one: a bulk run's 256 channels each end with the server's CPU. */
    private static final long REUSE_NANOS = 20_000_000;
    private static final AtomicReference<CpuTime> LAST = new AtomicReference<>();

    /** Now, or a sample taken under 20 ms ago (one /proc read per thread is not free with 1,024 channels). */
    public static CpuTime now() {
        CpuTime last = LAST.get();
        if (last != null && System.nanoTime() - last.wallNanos < REUSE_NANOS) {
            return last;
        }
        CpuTime fresh = read();
        LAST.set(fresh);
        return fresh;
    }

    private static CpuTime read() {
        long wall = System.nanoTime();
        try {
            long[] ticks = ticks(Files.readString(SELF.resolve("stat")));
            long[] jvm = jvmThreads();
            return new CpuTime(ticks[0] * TICK_NANOS, ticks[1] * TICK_NANOS, wall, jvm[0], jvm[1]);
        } catch (IOException | RuntimeException e) {
            OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            long total = os instanceof com.sun.management.OperatingSystemMXBean
                    ? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() : 0;
            return new CpuTime(Math.max(0, total), 0, wall, -1, -1);
        }
    }

    /**
     * User, system, reaped children's user and system ticks from a /proc stat line (the command name may hold spaces:
     * fields follow its ')').
     */
    private static long[] ticks(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12]), Long.parseLong(f[13]), Long.parseLong(f[14])};
    }

    /**
     * CPU nanoseconds this process and the children it has reaped have used (utime + stime + cutime + cstime of
     * /proc/self/stat), or -1 without /proc: what a test harness's JVM and the probe processes it ran cost.
     */
    public static long withReapedChildrenNanos() {
        try {
            long[] t = ticks(Files.readString(SELF.resolve("stat")));
            return (t[0] + t[1] + t[2] + t[3]) * TICK_NANOS;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** {JIT, GC} CPU nanoseconds over this process's threads, told apart by the names HotSpot gives them. */
    private static long[] jvmThreads() {
        Map<Long, long[]> ticks = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(SELF.resolve("task"))) {
            for (Path task : tasks) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException gone) {
                    continue; // the thread ended between the listing and the read
                }
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                JvmThreadTimes.Kind kind = isJit(name) ? JvmThreadTimes.Kind.JIT
                        : isGc(name) ? JvmThreadTimes.Kind.GC : JvmThreadTimes.Kind.OTHER;
                if (kind != JvmThreadTimes.Kind.OTHER) {
                    long[] t = ticks(stat);
                    ticks.put(Long.parseLong(task.getFileName().toString()), new long[] {kind.ordinal(), t[0] + t[1]});
                }
            }
        } catch (IOException | RuntimeException e) {
            return new long[] {-1, -1};
        }
        long[] sums = JVM_THREADS.update(ticks);
        return new long[] {sums[0] * TICK_NANOS, sums[1] * TICK_NANOS};
    }

    static boolean isJit(String thread) {
        return thread.startsWith("C1 CompilerThre") || thread.startsWith("C2 CompilerThre")
                || thread.startsWith("Sweeper thread");
    }

    static boolean isGc(String thread) {
        // the serial collector collects on the VM thread, which otherwise runs the (rare) safepoint operations
        return thread.startsWith("GC Thread#") || thread.startsWith("G1 ") || thread.startsWith("ZWorker")
                || thread.startsWith("Shenandoah") || thread.equals("VM Thread");
    }

    /** What the process used from this sample to {@code end}. */
    public CpuUsage until(CpuTime end) {
        boolean jvmKnown = jitNanos >= 0 && end.jitNanos >= 0;
        return new CpuUsage((end.userNanos - userNanos) / 1e9, (end.systemNanos - systemNanos) / 1e9,
                (end.wallNanos - wallNanos) / 1e9, Runtime.getRuntime().availableProcessors(),
                jvmKnown ? (end.jitNanos - jitNanos) / 1e9 : Double.NaN,
                jvmKnown ? (end.gcNanos - gcNanos) / 1e9 : Double.NaN);
    }
}
