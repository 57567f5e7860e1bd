package dev.probe.cli.common;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Restarts a long-running {@code server} or {@code agent} in place (execve: same process id, same terminal and
 * signals) on a JVM sized for a database host, when the user gave no heap or collector flags of their own.
 *
 * <p>Without flags the JVM sizes itself from the host: G1 with an initial heap of 1/64 of memory, which young
 * collections then fill (8 GiB on a 512 GiB database host; on a 24 GiB test host a server holding 1,024 bulk
 * channels peaked at 500 MiB RSS, 397 MiB of it heap). With {@link #FLAGS} the same load peaks at about 250 MiB
 * (docs/reference/speed.md). {@code PROBE_LEAN_JVM=off} keeps the JVM as started; the bundle's {@code bin/probe}
 * (and so the packages' service) goes through the same restart.
 */
public final class LeanJvm {
    /** A serial collector (no G1 remembered sets, one GC thread's worth of CPU) and a heap that starts small. */
    public static final List<String> FLAGS = List.of("-XX:+UseSerialGC", "-Xms16m", "-Xmx1g");
    /** Set in the restarted process (so it does not restart again); "off" keeps any JVM as started. */
    public static final String ENV = "PROBE_LEAN_JVM";

    private LeanJvm() {
    }

    /** For {@code probe server} and {@code probe agent} on Linux, restarts on {@link #FLAGS}; returns if it cannot. */
    public static void restartIfDefault(String[] args) {
        if (args.length == 0 || !(args[0].equals("server") || args[0].equals("agent")) || System.getenv(ENV) != null
                || chosenByUser(ManagementFactory.getRuntimeMXBean().getInputArguments())) {
            return;
        }
        try {
            List<String> argv = cmdline();
            if (argv.isEmpty()) {
                return;
            }
            String exe = Files.readSymbolicLink(Path.of("/proc/self/exe")).toString();
            List<String> next = new ArrayList<>(List.of(exe));
            next.addAll(FLAGS);
            next.addAll(argv.subList(1, argv.size()));
            Map<String, String> env = new TreeMap<>(System.getenv());
            env.put(ENV, "1");
            env.putIfAbsent("MALLOC_ARENA_MAX", "2"); // glibc's per-thread arenas: Netty's threads need few
            List<String> envp = new ArrayList<>();
            env.forEach((k, v) -> envp.add(k + "=" + v));
            System.out.flush();
            System.err.flush();
            LibC.INSTANCE.execve(exe, next.toArray(new String[0]), envp.toArray(new String[0]));
            // only returns on failure (a seccomp filter, a noexec mount): carry on in this JVM
        } catch (Exception | LinkageError e) {
            // no /proc, no JNA: carry on in this JVM
        }
    }

    /** True when the JVM was started with heap, RAM or collector flags: the user's choice stands. */
    static boolean chosenByUser(List<String> jvmArgs) {
        for (String a : jvmArgs) {
            if (a.startsWith("-Xmx") || a.startsWith("-Xms") || a.startsWith("-Xmn") || a.startsWith("-XX:MaxHeapSize")
                    || a.startsWith("-XX:InitialHeapSize") || a.contains("RAMPercentage") || a.startsWith("-XX:MaxRAM")
                    || (a.startsWith("-XX:+Use") && a.endsWith("GC"))) {
                return true;
            }
        }
        return false;
    }

    private static List<String> cmdline() throws IOException {
        byte[] raw = Files.readAllBytes(Path.of("/proc/self/cmdline"));
        List<String> argv = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == 0) {
                argv.add(new String(raw, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        return argv;
    }

    /** execve(2). */
    private interface LibC extends Library {
        LibC INSTANCE = Native.load("c", LibC.class);

        int execve(String path, String[] argv, String[] envp);
    }
}
