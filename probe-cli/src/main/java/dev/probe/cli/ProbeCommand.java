package dev.probe.cli;

import dev.probe.cli.bulk.BulkCommand;
import dev.probe.cli.disk.DiskCommand;
import dev.probe.cli.lab.LabCommand;
import dev.probe.cli.lab.SweepCommand;
import dev.probe.cli.monitor.MonitorCommand;
import dev.probe.cli.objstore.ObjstoreCommand;
import dev.probe.cli.qualify.QualifyCommand;
import dev.probe.cli.redo.ClientCommand;
import dev.probe.cli.redo.DemoCommand;
import dev.probe.cli.report.ReportCommand;
import dev.probe.cli.server.AgentCommand;
import dev.probe.cli.server.ServerCommand;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The top-level {@code probe} command; the work is done by its subcommands. */
@Command(name = "probe", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Network probe for Oracle Data Guard redo and RMAN backup links (oratcptest-compatible).",
                "oratcptest's own spelling also works: probe -server -port=5555 | probe HOST -port=5555 -mode=async"})
final class ProbeCommand {
    /** The subcommands, in the order help lists them. */
    static final List<Class<?>> SUBCOMMANDS = List.of(ServerCommand.class, ClientCommand.class,
            QualifyCommand.class, BulkCommand.class, ObjstoreCommand.class, ReportCommand.class, SweepCommand.class,
            LabCommand.class, DemoCommand.class, AgentCommand.class, DiskCommand.class, MonitorCommand.class,
            CompletionCommand.class);
    /** The subcommands of the commands that have some. */
    private static final Map<Class<?>, List<Class<?>>> GROUPS = Map.of(
            ReportCommand.class, ReportCommand.SUBCOMMANDS, LabCommand.class, LabCommand.SUBCOMMANDS);

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Print stack traces with errors.")
    boolean debug;

    /** The names of the top-level subcommands. */
    static Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        SUBCOMMANDS.forEach(c -> names.add(name(c)));
        return names;
    }

    /**
     * The command line for {@code args}: at each level only the subcommand the next word names (all of them
     * when it names none: help, usage errors; none for a bare {@code --version}). picocli reflects over every
     * option of every command it is given, which was most of probe's start-up; a run builds its own path only.
     */
    static CommandLine commandLine(String[] args) {
        List<String> words = new ArrayList<>();
        for (String arg : args) {
            if (!arg.startsWith("-")) {
                words.add(arg);
            }
        }
        List<String> options = Arrays.asList(args);
        boolean versionOnly = words.isEmpty() && (options.contains("--version") || options.contains("-V"))
                && !options.contains("--help") && !options.contains("-h");
        CommandLine top = new CommandLine(new ProbeCommand());
        return versionOnly ? top : withSubcommands(top, SUBCOMMANDS, words);
    }

    private static CommandLine withSubcommands(CommandLine cmd, List<Class<?>> subcommands, List<String> words) {
        String next = words.isEmpty() ? null : words.get(0);
        Class<?> named = subcommands.stream().filter(c -> name(c).equals(next)).findFirst().orElse(null);
        for (Class<?> sub : named == null ? subcommands : List.of(named)) {
            List<String> rest = sub == named ? words.subList(1, words.size()) : List.of();
            cmd.addSubcommand(withSubcommands(new CommandLine(sub), GROUPS.getOrDefault(sub, List.of()), rest));
        }
        return cmd;
    }

    private static String name(Class<?> command) {
        return command.getAnnotation(Command.class).name();
    }
}
