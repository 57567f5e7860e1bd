package dev.probe.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** The one-line error ({@code probe: ...}, prefix dropped) a child probe left in its log, else {@code otherwise}. */
    static String errorLine(Path log, String otherwise) throws IOException {
        return Files.readString(log).lines().filter(l -> l.startsWith("probe: ")).reduce((a, b) -> b)
                .map(l -> l.substring("probe: ".length())).orElse(otherwise);
    }
}
