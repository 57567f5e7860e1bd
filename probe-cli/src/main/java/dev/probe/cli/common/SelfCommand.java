package dev.probe.cli.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line that runs this same probe (same java, same class path) with other arguments. */
public final class SelfCommand {
    /** The jar's entry point, started again in a child process. */
    public static final String MAIN_CLASS = "dev.probe.cli.Main";

    private SelfCommand() {
    }

    public static List<String> probe(List<String> args) {
        String java = ProcessHandle.current().info().command()
                .orElse(System.getProperty("java.home") + "/bin/java");
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                MAIN_CLASS));
        cmd.addAll(args);
        return cmd;
    }

    /** The one-line error ({@code probe: ...}, prefix dropped) a child probe left in its log, else {@code otherwise}. */
    public static String errorLine(Path log, String otherwise) throws IOException {
        return Files.readString(log).lines().filter(l -> l.startsWith("probe: ")).reduce((a, b) -> b)
                .map(l -> l.substring("probe: ".length())).orElse(otherwise);
    }
}
