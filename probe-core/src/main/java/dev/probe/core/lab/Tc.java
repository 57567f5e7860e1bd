package dev.probe.core.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs tc commands and turns their failures into one-line reasons (no netem in the kernel, not root, no such device). */
public final class Tc {
    private Tc() {
    }

    /** Runs each command; throws {@link IllegalStateException} with a one-line reason at the first failure. */
    public static void run(List<List<String>> commands) throws IOException, InterruptedException {
        for (List<String> cmd : commands) {
            Process p;
            try {
                p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            } catch (IOException e) {
                throw new IllegalStateException("cannot run tc (iproute2 installed?): " + e.getMessage());
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", cmd) + " did not finish within 30 s");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(reason(out, cmd));
            }
        }
    }

    static String reason(String output, List<String> cmd) {
        String first = output.lines().findFirst().orElse("exit code non-zero");
        if (output.contains("qdisc kind is unknown") || output.contains("Unknown qdisc")) {
            return "this kernel has no netem (sch_netem): tc says \"" + first + "\"; impair the link in userspace "
                    + "instead (probe lab up)";
        }
        if (output.contains("Operation not permitted")) {
            return "tc needs root (CAP_NET_ADMIN): " + first;
        }
        return String.join(" ", cmd) + ": " + first;
    }
}
