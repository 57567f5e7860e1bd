package dev.probe.core.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The kernel's scheduler account of one thread ({@code /proc/<pid>/task/<tid>/schedstat}): nanoseconds on a CPU,
 * nanoseconds runnable but waiting for one, and the times it was put on one. The wait is the host's share of a
 * forwarder's lateness: a thread woken for a packet that waits for a CPU delays that packet by as much.
 */
final class ThreadSched {
    private ThreadSched() {}

    /** The calling thread's schedstat file; null where the kernel has none (not Linux, no schedstats). */
    static Path self() {
        try {
            Path task = Path.of("/proc").resolve(Files.readSymbolicLink(Path.of("/proc/thread-self")));
            Path stat = task.resolve("schedstat");
            return Files.isReadable(stat) ? stat : null;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }

    /** {@code {wait ns, times run}} from {@code stat}; zeros when it is null or gone (the thread ended). */
    static long[] waitAndRuns(Path stat) {
        if (stat == null) {
            return new long[2];
        }
        try {
            String[] f = Files.readString(stat).trim().split(" ");
            return f.length < 3 ? new long[2] : new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])};
        } catch (IOException | NumberFormatException e) {
            return new long[2];
        }
    }
}
