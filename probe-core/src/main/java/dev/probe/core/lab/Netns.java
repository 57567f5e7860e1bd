package dev.probe.core.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/** Runs iproute2 / sysctl commands for the lab, turning a failure into a one-line {@link LabException}. */
public final class Netns {
    private Netns() {
    }

    /** Runs {@code cmd}; returns its output, or throws with the command and its first line of output. */
    public static String run(String... cmd) {
        List<String> command = List.of(cmd);
        return run(command, out -> String.join(" ", command) + ": "
                + out.lines().findFirst().orElse("exit code non-zero")
                + (out.contains("Operation not permitted") ? " (the lab needs root)" : ""));
    }

    /**
     * Runs {@code cmd} (30 s at most); returns its output, or throws a {@link LabException} whose message
     * {@code failure} makes from the output of a command that exited non-zero.
     */
    static String run(List<String> cmd, Function<String, String> failure) {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new LabException("cannot run " + cmd.get(0) + " (iproute2 installed?): " + e.getMessage());
        }
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new LabException(String.join(" ", cmd) + " did not finish within 30 s");
            }
            if (p.exitValue() != 0) {
                throw new LabException(failure.apply(out));
            }
            return out;
        } catch (IOException e) {
            throw new LabException(String.join(" ", cmd) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException(String.join(" ", cmd) + " was interrupted");
        }
    }

    /**
     * True when this process can build a lab here: Linux, root with CAP_NET_ADMIN, /dev/net/tun and iproute2,
     * tried for real by making a throwaway namespace with a TUN device in it, once per process (callers at once wait
     * for the one try: each try's namespace is named after the process).
     */
    public static boolean labPossible() {
        return LabPossible.VALUE;
    }

    /** The one try of {@link #labPossible()}, made when first asked (class initialisation runs once). */
    private static final class LabPossible {
        static final boolean VALUE = Files.exists(Path.of("/dev/net/tun"))
                && works("probe-cap-" + ProcessHandle.current().pid(), "ip", "tuntap", "add", "dev", "cap0", "mode",
                        "tun");
    }

    /** True when {@code cmd} succeeds inside a throwaway namespace {@code ns} (deleted afterwards). */
    static boolean works(String ns, String... cmd) {
        try {
            deleteAll(ns);
            run("ip", "netns", "add", ns);
            runIn(ns, cmd);
            return true;
        } catch (LabException e) {
            return false;
        } finally {
            try {
                deleteAll(ns);
            } catch (LabException e) {
                // nothing was made
            }
        }
    }

    /** Throws when either of the lab's namespaces exists already (the lab is up, or was left behind). */
    static void requireAbsent(LabTopology topology) {
        for (String ns : new String[] {topology.clientNamespace(), topology.serverNamespace()}) {
            if (exists(ns)) {
                throw new LabException("namespace " + ns + " already exists: lab '" + topology.name()
                        + "' is up (probe lab down --name " + topology.name() + ")");
            }
        }
    }

    /** True when the namespace exists. */
    public static boolean exists(String namespace) {
        try {
            return run("ip", "netns", "list").lines().anyMatch(l -> l.split("\\s+")[0].equals(namespace));
        } catch (LabException e) {
            return false;
        }
    }

    /**
     * Stops every process still running inside {@code namespace} (SIGTERM, SIGKILL after 5 s), except
     * {@code keep}; returns them as "PID (command)" for the user to see. A namespace that does not exist has none.
     */
    public static List<String> stopProcesses(String namespace, long keep) {
        List<String> stopped = new ArrayList<>();
        if (!exists(namespace)) {
            return stopped;
        }
        List<ProcessHandle> inside = run("ip", "netns", "pids", namespace).lines().map(String::trim)
                .filter(s -> s.matches("\\d+")).map(Long::parseLong).filter(pid -> pid != keep)
                .map(ProcessHandle::of).flatMap(Optional::stream).toList();
        for (ProcessHandle h : inside) {
            stopped.add(h.pid() + " (" + h.info().commandLine().orElse("?") + ")");
            h.destroy();
        }
        for (ProcessHandle h : inside) {
            try {
                h.onExit().get(5, TimeUnit.SECONDS);
            } catch (TimeoutException | ExecutionException e) {
                h.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                h.destroyForcibly();
            }
        }
        return stopped;
    }

    /** Deletes the namespaces that exist; returns the ones deleted. */
    public static List<String> deleteAll(String... namespaces) {
        List<String> deleted = new ArrayList<>();
        for (String ns : namespaces) {
            if (exists(ns)) {
                run("ip", "netns", "del", ns);
                deleted.add(ns);
            }
        }
        return deleted;
    }

    /** The command line that runs {@code command} inside {@code namespace}. */
    public static List<String> execIn(String namespace, List<String> command) {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        full.addAll(command);
        return full;
    }

    /**
     * Makes CUBIC (the paper's hosts' default) the namespace's default congestion control, so programs that cannot
     * set it per socket (the OCI SDK's HTTP client) use it too. A namespace other than the initial one may only
     * default to an algorithm in the host's tcp_allowed_congestion_control, so cubic is added there when missing
     * (that list only widens what unprivileged users may pick). Returns the namespace's default afterwards.
     */
    public static String defaultCubic(String namespace) {
        try {
            runIn(namespace, "sysctl", "-q", "-w", "net.ipv4.tcp_congestion_control=cubic");
        } catch (LabException first) {
            try {
                Path allowed = Path.of("/proc/sys/net/ipv4/tcp_allowed_congestion_control");
                String list = Files.readString(allowed).trim();
                if (!List.of(list.split("\\s+")).contains("cubic")) {
                    Files.writeString(allowed, list + " cubic");
                }
                runIn(namespace, "sysctl", "-q", "-w", "net.ipv4.tcp_congestion_control=cubic");
            } catch (IOException | LabException e) {
                // the kernel has no cubic or refuses: the namespace keeps its default, which results record
            }
        }
        return congestionControl(namespace);
    }

    /** The namespace's default congestion control, or "unknown". */
    public static String congestionControl(String namespace) {
        try {
            return runIn(namespace, "sysctl", "-n", "net.ipv4.tcp_congestion_control").trim();
        } catch (LabException e) {
            return "unknown";
        }
    }

    /** Runs a command inside a namespace (see {@link #run}). */
    public static String runIn(String namespace, String... cmd) {
        return run(execIn(namespace, List.of(cmd)).toArray(String[]::new));
    }
}
