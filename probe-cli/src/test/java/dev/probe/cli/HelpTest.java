package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's help as a newcomer reads it: rendered without a picocli warning, each summary (the first line
 * of its description, shown in the command list) a whole sentence, and --version answering everywhere.
 */
class HelpTest {
    /** Every command path: "", "server", "lab up", ... */
    static List<String> paths(CommandLine cmd, String prefix, List<String> out) {
        out.add(prefix.trim());
        cmd.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help")) {
                paths(sub, prefix + " " + name, out);
            }
        });
        return out;
    }

    private static String[] args(String path, String option) {
        List<String> a = new ArrayList<>(path.isEmpty() ? List.of() : List.of(path.split(" ")));
        a.add(option);
        return a.toArray(new String[0]);
    }

    @Test
    void everyHelpRendersWithoutWarningsAndEverySummaryIsASentence() {
        List<String> paths = paths(ProbeCommand.commandLine(new String[0]), "", new ArrayList<>());
        assertTrue(paths.contains("lab up") && paths.contains("qualify") && paths.contains("report compare"), paths
                .toString());
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            for (String path : paths) {
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int code = Main.run(args(path, "--help"), new PrintWriter(out), new PrintWriter(err));
                assertEquals(0, code, path + ": " + err);
                assertTrue(out.toString().startsWith("Usage: probe"), path + ": " + out);
                assertFalse(captured.toString(StandardCharsets.UTF_8).contains("[picocli WARN]"),
                        path + ": " + captured.toString(StandardCharsets.UTF_8));
            }
        } finally {
            System.setErr(stderr);
        }
        CommandLine root = ProbeCommand.commandLine(new String[0]);
        for (String path : paths) {
            CommandLine c = root;
            for (String part : path.isEmpty() ? new String[0] : path.split(" ")) {
                c = c.getSubcommands().get(part);
            }
            String[] description = c.getCommandSpec().usageMessage().description();
            assertTrue(description.length > 0, path + " has a description");
            String summary = description[0].trim();
            assertTrue(summary.endsWith(".") || summary.endsWith(")"), "'" + path + "' summary is cut short: "
                    + summary);
        }
    }

    @Test
    void versionAnswersOnEveryCommand() {
        for (String path : paths(ProbeCommand.commandLine(new String[0]), "", new ArrayList<>())) {
            StringWriter out = new StringWriter();
            assertEquals(0, Main.run(args(path, "--version"), new PrintWriter(out), new PrintWriter(
                    new StringWriter())));
            assertTrue(out.toString().startsWith("probe "), "'" + path + " --version' printed: " + out);
        }
    }

    @Test
    void aRunModelsOnlyTheCommandsOnItsPathHelpModelsThemAll() {
        CommandLine predict = ProbeCommand.commandLine(new String[] {"report", "predict", "--rtt-ms", "1"});
        assertEquals(List.of("report"), List.copyOf(predict.getSubcommands().keySet()));
        assertEquals(List.of("predict"), List.copyOf(predict.getSubcommands().get("report").getSubcommands().keySet()));
        assertTrue(ProbeCommand.commandLine(new String[] {"--version"}).getSubcommands().isEmpty());
        CommandLine help = ProbeCommand.commandLine(new String[] {"--help"});
        assertEquals(List.copyOf(ProbeCommand.names()), List.copyOf(help.getSubcommands().keySet()));
        assertEquals(5, help.getSubcommands().get("lab").getSubcommands().size(), "lab's subcommands for its help");
        CommandLine unknown = ProbeCommand.commandLine(new String[] {"report", "predcit"});
        assertEquals(5, unknown.getSubcommands().get("report").getSubcommands().size(),
                "a misspelt subcommand gets picocli's suggestions from all of them");
    }
}
