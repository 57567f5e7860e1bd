package dev.probe.core.lab;

import java.util.List;

/** Runs tc commands and turns their failures into one-line reasons (no netem in the kernel, not root, no such device). */
public final class Tc {
    private Tc() {
    }

    /** Runs each command; throws {@link LabException} with a one-line reason at the first failure. */
    public static void run(List<List<String>> commands) {
        for (List<String> cmd : commands) {
            Netns.run(cmd, out -> reason(out, cmd));
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
