package dev.probe.cli;

import java.util.ArrayList;
import java.util.List;

/** The command line that runs this same probe (same java, same class path) with other arguments. */
final class SelfCommand {
    private SelfCommand() {
    }

    static List<String> probe(List<String> args) {
        String java = ProcessHandle.current().info().command()
                .orElse(System.getProperty("java.home") + "/bin/java");
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(args);
        return cmd;
    }
}
