package dev.probe.cli;

import dev.probe.cli.bulk.BulkCommand;
import dev.probe.cli.lab.LabCommand;
import dev.probe.cli.lab.SweepCommand;
import dev.probe.cli.objstore.ObjstoreCommand;
import dev.probe.cli.qualify.QualifyCommand;
import dev.probe.cli.redo.ClientCommand;
import dev.probe.cli.redo.DemoCommand;
import dev.probe.cli.report.ReportCommand;
import dev.probe.cli.server.ServerCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The top-level {@code probe} command; the work is done by its subcommands. */
@Command(name = "probe", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Network probe for Oracle Data Guard redo and RMAN backup links (oratcptest-compatible).",
            "oratcptest's own spelling also works: probe -server -port=5555 | probe HOST -port=5555 -mode=async"},
        subcommands = {ServerCommand.class, ClientCommand.class, QualifyCommand.class, BulkCommand.class, ObjstoreCommand.class, ReportCommand.class,
            SweepCommand.class,
            LabCommand.class, DemoCommand.class})
final class ProbeCommand {
    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Print stack traces with errors.")
    boolean debug;
}
