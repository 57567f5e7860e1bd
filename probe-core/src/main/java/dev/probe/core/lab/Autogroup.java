package dev.probe.core.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The forwarder's weight among sessions. Where the kernel groups processes by session ({@code
 * kernel.sched_autogroup_enabled}, on by default in Debian's and most distributions' kernels), a thread's nice value
 * weighs only against the threads of its own session and every session weighs alike: a forwarder that {@code lab up}
 * started under setsid, its threads at nice -10, would still wake behind a busy session as a nice-0 thread does. As
 * the leader of a session of its own, it gives its autogroup the same nice value; a forwarder in someone's shell
 * session leaves that session's weight alone.
 */
final class Autogroup {
    private static final Path GROUP = Path.of("/proc/self/autogroup");
    private static final AtomicBoolean SET = new AtomicBoolean();

    private Autogroup() {}

    /** Once per process: this session's autogroup at {@code nice} where this process leads it; else nothing. */
    static void raiseOnce(int nice) {
        if (!SET.compareAndSet(false, true) || !Files.isWritable(GROUP) || !sessionLeader()) {
            return;
        }
        try {
            Files.writeString(GROUP, String.valueOf(nice));
        } catch (IOException e) {
            // no CAP_SYS_NICE: the threads' own nice value is what it gets
        }
    }

    /** True when this process leads its session ({@code /proc/self/stat}: the session id after pid, comm, state). */
    static boolean sessionLeader() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[3]) == ProcessHandle.current().pid();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
