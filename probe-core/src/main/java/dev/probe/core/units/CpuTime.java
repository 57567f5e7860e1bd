package dev.probe.core.units;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's CPU time at one instant: user and system seconds from /proc/self/stat on Linux (the JVM's
 * process CPU time, all counted as user, elsewhere), with the wall clock beside it.
 *
 * <pre>{@code
 * CpuTime start = CpuTime.now();
 * ... run ...
 * CpuUsage used = start.until(CpuTime.now());
 * }</pre>
 */
public record CpuTime(long userNanos, long systemNanos, long wallNanos) {
    /** Linux's USER_HZ: /proc counts CPU time in these ticks on every mainstream architecture. */
    private static final long TICK_NANOS = 10_000_000;
    private static final Path STAT = Path.of("/proc/self/stat");

    public static CpuTime now() {
        long wall = System.nanoTime();
        try {
            String stat = String.join(" ", Files.readAllLines(STAT));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new CpuTime(Long.parseLong(f[11]) * TICK_NANOS, Long.parseLong(f[12]) * TICK_NANOS, wall);
        } catch (IOException | RuntimeException e) {
            java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            long total = os instanceof com.sun.management.OperatingSystemMXBean
                    ? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() : 0;
            return new CpuTime(Math.max(0, total), 0, wall);
        }
    }

    /** What the process used from this sample to {@code end}. */
    public CpuUsage until(CpuTime end) {
        return new CpuUsage((end.userNanos - userNanos) / 1e9, (end.systemNanos - systemNanos) / 1e9,
                (end.wallNanos - wallNanos) / 1e9, Runtime.getRuntime().availableProcessors());
    }
}
