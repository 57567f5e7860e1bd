package dev.probe.cli.qualify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.Interrupts;
import dev.probe.cli.common.JsonStreamOption;
import dev.probe.cli.common.LabCheck;
import dev.probe.cli.common.OutputPaths;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Json;
import dev.probe.core.qualify.AwrCsv;
import dev.probe.core.qualify.Qualifier;
import dev.probe.core.qualify.QualifyConfig;
import dev.probe.core.qualify.QualifyResult;
import dev.probe.core.qualify.Verdict;
import dev.probe.core.result.JsonStream;
import dev.probe.core.result.ResultFiles;
import dev.probe.report.QualifyPage;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code probe qualify STANDBY --redo-rate 45MB/s}: Oracle's Data Guard network qualification in one command. The
 * command parses ({@link QualifyOptions}), runs the one engine ({@link Qualifier}) and prints its one result.
 */
@Command(name = "qualify", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Data Guard network verdict in one command: round trip, capacity, one stream with default and "
                + "3 x BDP buffers, redo at its peak rate, SYNC commit time; settings to apply.",
                "Exit 0 when every verdict passes, " + ExitCodes.VERDICT_FAIL + " when any FAILs, "
                        + ExitCodes.VERDICT_MARGINAL + " when the worst is MARGINAL."})
public final class QualifyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "STANDBY_HOST", description = "The standby's probe server.")
    String host;

    @ArgGroup(exclusive = true)
    QualifyOptions.Load load;

    @Mixin
    QualifyOptions options;

    @ArgGroup(exclusive = true)
    QualifyOptions.Flow direction;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the result (probe.result/1, kind qualify).")
    Path json;

    @Option(names = "--out", paramLabel = "DIR", description = "Write qualify.html and its charts (PNG, SVG) here.")
    Path outDir;

    @Option(names = "--print-awr-sql", description = "Print the SQL that makes an --awr file, and exit.")
    boolean printAwrSql;

    @Option(names = "--plan", paramLabel = "FILE", description = "A whole Data Guard configuration in YAML: sites "
            + "(primary, far-sync, standby, recovery-appliance), each shipping site's RedoRoutes, the redo, the SYNC "
            + "policy, an outage (docs/guides/qualify.md, \"A whole configuration\"). Takes the place of "
            + "STANDBY_HOST and --redo-rate/--awr.")
    Path plan;

    @Option(names = "--dry-run", description = "With --plan: check the plan and print what each hop and uplink must "
            + "carry, the commit's waits and the catch-up backlog; no traffic.")
    boolean dryRun;

    @Mixin
    JsonStreamOption events;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = events.console(spec);
        if (printAwrSql) {
            out.print(AwrCsv.sql());
            out.flush();
            return ExitCodes.OK;
        }
        if (plan != null || dryRun) {
            return new PlanRun(spec, options, plan, dryRun).run(out, host, load, json, outDir, events);
        }
        QualifyConfig config = options.config(host, load, direction);
        OutputPaths.file("--json", json);
        OutputPaths.directory("--out", outDir);
        events.check();
        Qualifier qualifier = new Qualifier(config); // a --budget the steps would overrun is refused before any event
        try (JsonStream stream = events.open()) {
            ObjectNode params = Json.object().put("redo_rate_bytes_s", config.load().peakBytesPerSecond())
                    .put("budget_s", config.budget().toSeconds());
            stream.start("qualify", config.target().hostPort(), params);
            int code = qualify(qualifier, config, new QualifyConsole(out, stream), out, stream);
            JsonStreamOption.warnIfCut(stream, spec.commandLine().getErr());
            return code;
        }
    }

    /** Runs the engine, prints its result, writes the document and the page; the exit code says the verdict. */
    private int qualify(Qualifier qualifier, QualifyConfig config, QualifyConsole console, PrintWriter out,
                        JsonStream stream) throws Exception {
        console.printRequest(config, qualifier.plan());
        if (config.rac() == null) { // redo flows towards the standby (server); with --reverse its server sends
            LabCheck.warn(out, config.reverse() ? Direction.RESTORE : Direction.BACKUP);
            if (config.bothDirections()) {
                LabCheck.warn(out, Direction.RESTORE, "the reverse pass of --both-directions");
            }
        }
        try (Interrupts interrupts = Interrupts.install()) {
            QualifyResult result = qualifier.run(console, interrupts.stop());
            console.print(result);
            ObjectNode doc = result.toJson();
            stream.event("end", doc);
            if (json != null) {
                ResultFiles.writeJson(json, doc);
            }
            if (outDir != null) {
                out.println("Page: " + QualifyPage.write(doc, outDir));
                out.flush();
            }
            return interrupts.exitCode(spec.commandLine().getErr(), exitCode(result.overall()));
        }
    }

    static int exitCode(Verdict.Status overall) {
        return switch (overall) {
            case FAIL -> ExitCodes.VERDICT_FAIL;
            case MARGINAL -> ExitCodes.VERDICT_MARGINAL;
            case PASS -> ExitCodes.OK;
            case INCOMPLETE -> ExitCodes.FAILED; // a signal's own code wins (Interrupts.exitCode)
        };
    }
}
