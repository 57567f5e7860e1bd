package dev.probe.cli.qualify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.Interrupts;
import dev.probe.cli.common.JsonStreamOption;
import dev.probe.cli.common.OutputPaths;
import dev.probe.core.error.UsageException;
import dev.probe.core.plan.Plan;
import dev.probe.core.plan.PlanDemand;
import dev.probe.core.plan.PlanFile;
import dev.probe.core.plan.PlanResult;
import dev.probe.core.plan.PlanRunner;
import dev.probe.core.protocol.Json;
import dev.probe.core.qualify.RedoCompression;
import dev.probe.core.result.JsonStream;
import dev.probe.core.result.ResultFiles;
import dev.probe.report.PlanPage;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code qualify --plan FILE}: the plan checked whole, then with {@code --dry-run} its demand printed, else its hops
 * run at once ({@link PlanRunner}) and their verdicts printed (with {@code --json-stream}: start, each phase, the
 * end's document); every refusal before any traffic.
 */
final class PlanRun {
    private final CommandSpec spec;
    private final QualifyOptions options;
    private final Path plan;
    private final boolean dryRun;

    PlanRun(CommandSpec spec, QualifyOptions options, Path plan, boolean dryRun) {
        this.spec = spec;
        this.options = options;
        this.plan = plan;
        this.dryRun = dryRun;
    }

    /** A flag that does not go with --plan (or --dry-run) refused in one line naming it, before anything runs. */
    private void refuseWhatDoesNotBelong(String host, QualifyOptions.Load load, Path json, Path outDir,
                                         JsonStreamOption events) {
        if (plan == null) {
            throw new UsageException("--dry-run checks a configuration: give --plan FILE");
        }
        if (host != null) {
            throw new UsageException("--plan: the standbys are the plan's sites; drop STANDBY_HOST '" + host + "'");
        }
        if (load != null) {
            throw new UsageException("--plan: the redo is the plan's redo: key; drop "
                    + (load.awr != null ? "--awr" : "--redo-rate"));
        }
        if (dryRun && (json != null || outDir != null || events.target != null)) {
            throw new UsageException((json != null ? "--json" : outDir != null ? "--out" : "--json-stream")
                    + ": --dry-run sends nothing and writes no result");
        }
        PlanFlags.refuse(spec.commandLine().getParseResult(), options.writeSizes);
        if (!(options.tcpEfficiency > 0 && options.tcpEfficiency <= 1)) {
            throw new UsageException("--tcp-efficiency: " + options.tcpEfficiency + " is out of range (0, 1]");
        }
        OutputPaths.file("--json", json);
        OutputPaths.directory("--out", outDir);
        events.check();
    }

    int run(PrintWriter out, String host, QualifyOptions.Load load, Path json, Path outDir, JsonStreamOption events)
            throws Exception {
        refuseWhatDoesNotBelong(host, load, json, outDir, events);
        Plan read = PlanFile.read(plan, options.connect.port);
        // --commit-budget has a plan meaning: it stands for the plan's sync.commit-budget
        Plan checked = spec.commandLine().getParseResult().hasMatchedOption("--commit-budget")
                ? read.withCommitBudget(options.commitBudget) : read;
        RedoCompression sample = options.redoSample == null ? null
                : RedoCompression.measure(options.redoSample, RedoCompression.MAX_SAMPLE);
        PlanDemand demand = PlanDemand.of(checked, sample, options.tcpEfficiency);
        PlanConsole console = new PlanConsole(out);
        PlanRunner.refuseRelays(checked); // one checker: the dry run refuses whatever the run would
        if (dryRun) {
            console.print(checked, demand, options.tcpEfficiency);
            return ExitCodes.OK;
        }
        long writeSize = options.writeSizes.get(0);
        PlanRunner runner = new PlanRunner(new PlanRunner.Config(checked, demand, options.connect.target("plan"),
                options.budget, writeSize, options.content.checked()));
        console.printPlan(checked, demand, options.budget);
        try (Interrupts interrupts = Interrupts.install(); JsonStream stream = events.open()) {
            stream.start("plan", checked.file(), Json.object().put("redo_rate_bytes_s",
                    checked.redo().peakBytesPerSecond()).put("budget_s", options.budget.toSeconds()));
            PlanResult result = runner.run(text -> {
                console.phase(text);
                stream.event("phase", Json.object().put("text", text));
            }, interrupts.stop());
            console.printResult(result);
            ObjectNode doc = result.toJson();
            stream.event("end", doc);
            if (json != null) {
                ResultFiles.writeJson(json, doc);
            }
            if (outDir != null) {
                out.println("Page: " + PlanPage.write(doc, outDir));
                out.flush();
            }
            JsonStreamOption.warnIfCut(stream, spec.commandLine().getErr());
            return interrupts.exitCode(spec.commandLine().getErr(), QualifyCommand.exitCode(result.overall()));
        }
    }
}
