package dev.probe.core.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs iproute2 / sysctl commands for the lab, turning a failure into a one-line {@link LabException}. */
public final class Netns {
    private Netns() {
    }

    /** Runs {@code cmd}; returns its output, or throws with the command and its first line of output. */
    public static String run(String... cmd) {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new LabException("cannot run " + cmd[0] + " (iproute2 installed?): " + e.getMessage());
        }
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new LabException(String.join(" ", cmd) + " did not finish within 30 s");
            }
            if (p.exitValue() != 0) {
                String first = out.lines().findFirst().orElse("exit code " + p.exitValue());
                throw new LabException(String.join(" ", cmd) + ": " + first
                        + (out.contains("Operation not permitted") ? " (the lab needs root)" : ""));
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
     * tried for real by making a throwaway namespace with a TUN device in it.
     */
    public static boolean labPossible() {
        if (!java.nio.file.Files.exists(java.nio.file.Path.of("/dev/net/tun"))) {
            return false;
        }
        String ns = "probe-cap-" + ProcessHandle.current().pid();
        try {
            run("ip", "netns", "add", ns);
            run("ip", "-n", ns, "tuntap", "add", "dev", "cap0", "mode", "tun");
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

    /** True when the namespace exists. */
    public static boolean exists(String namespace) {
        try {
            return run("ip", "netns", "list").lines().anyMatch(l -> l.split("\\s+")[0].equals(namespace));
        } catch (LabException e) {
            return false;
        }
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
                java.nio.file.Path allowed = java.nio.file.Path.of("/proc/sys/net/ipv4/tcp_allowed_congestion_control");
                String list = java.nio.file.Files.readString(allowed).trim();
                if (!List.of(list.split("\\s+")).contains("cubic")) {
                    java.nio.file.Files.writeString(allowed, list + " cubic");
                }
                runIn(namespace, "sysctl", "-q", "-w", "net.ipv4.tcp_congestion_control=cubic");
            } catch (IOException | LabException e) {
                // the kernel has no cubic or refuses: the namespace keeps its default, which results record
            }
        }
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
