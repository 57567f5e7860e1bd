package dev.probe.cli.lab;

import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.JsonStreamOption;
import dev.probe.cli.common.OutputPaths;
import dev.probe.cli.common.RunShapeOptions;
import dev.probe.core.error.UsageException;
import dev.probe.core.lab.LabException;
import dev.probe.core.lab.LabTopology;
import dev.probe.core.lab.LinkMode;
import dev.probe.core.lab.SweepCampaign;
import dev.probe.core.lab.SweepPlan;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.JsonStream;
import dev.probe.report.CompareReport;
import dev.probe.report.PaperData;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe sweep}: the paper's campaign on one machine, then {@code report compare} over its results. */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = SweepCommand.Defaults.class,
        description = {"Redo the paper's campaign through the lab link and compare it with the paper's tables.",
                "For every RTT x loss cell: impair the lab link (netem where the kernel has it, the userspace link",
                "otherwise), run bulk (and objstore) the given number of times, write one result per run with the cell in",
                "its params; then compare the set with the paper. Needs Linux and root."})
public final class SweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--rtt", split = ",", defaultValue = "2,5,10,20,35,50,75,100", paramLabel = "MS",
            description = "Round-trip delays, ms (default: ${DEFAULT-VALUE}, the paper's grid).")
    List<Double> rtts;

    @Option(names = "--loss", split = ",", defaultValue = "0,0.1,0.5,1", paramLabel = "PCT",
            description = "Loss rates in the data direction, %% (default: ${DEFAULT-VALUE}: FC, High, Medium, Low).")
    List<Double> losses;

    @Mixin
    RunShapeOptions shape;
    @Option(names = "--runs", defaultValue = "3",
            description = "Runs per cell (default: ${DEFAULT-VALUE}, as the paper).")
    int runs;

    @Option(names = "--direction", required = true, description = "backup or restore.")
    Direction direction;

    @Mixin
    LinkOptions link;

    @Option(names = "--scale-channels",
            description = "With --rate below 10gbit: run channels x rate / 10gbit channels and scale their throughput back.")
    boolean scaleChannels;

    @Option(names = "--impair", defaultValue = "auto", paramLabel = "netem|userspace|auto",
            description = "How to impair (default: ${DEFAULT-VALUE}: netem when the kernel has it).")
    String impair;

    @Option(names = "--objstore", description = "Also run objstore against the server's own Object Storage endpoint.")
    boolean objstore;

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "Where results, logs and the report go.")
    Path out;

    @Option(names = "--seed", description = "Seed of the userspace link's loss draws (default: random).")
    Long seed;

    @Mixin
    TopologyOptions where;

    @Mixin
    JsonStreamOption events;

    @Override
    public Integer call() throws Exception {
        if (shape.volume != null && shape.duration != null) {
            throw new UsageException("give --volume or --duration, not both");
        }
        OutputPaths.directory("--out", out);
        events.check();
        SweepPlan plan = new SweepPlan(rtts, losses, direction, shape.channels, runs, scaleChannels, link.rateBps());
        Duration perRun = shape.volume == null && shape.duration == null ? Duration.ofSeconds(30) : shape.duration;
        LabTopology topology = where.topology();
        SweepPlan.Cell first = plan.cells().get(0);
        Sweep.Link lab = new Sweep.Link(LinkMode.choose(impair), link.spec(first.rttMs(), first.lossPct(), direction),
                seed != null ? seed : System.nanoTime());
        Sweep.Config config = new Sweep.Config(topology, plan, lab, new SweepClients.Shape(perRun, shape.volume,
                shape.pieceSize, shape.dbSize), out, objstore);
        PrintWriter console = events.console(spec);
        JsonStream stream = events.open();
        stream.start("sweep", topology.serverAddress(), Json.object().put("direction", direction.wireName())
                .put("cells", plan.cells().size()).put("runs", runs).put("impair", lab.mode().wireName()));
        SweepProgress progress = new SweepProgress(console, plan, config.kinds().size());
        progress.begin(lab.mode(), lab.start(), perRun, shape.volume);
        SweepCampaign.Outcome outcome = new Sweep(config, progress, stream).run();
        console.println(outcome.counters());
        if (outcome.results().isEmpty()) {
            throw new LabException("no run of the sweep succeeded (logs in " + out.resolve("logs") + ")");
        }
        Path page = out.resolve("report").resolve("report.html");
        CompareReport.Output report = new CompareReport(PaperData.load(), shape.dbSize)
                .write(outcome.results(), out.resolve("report"));
        progress.table(report.placements());
        console.println("report: " + page);
        console.flush();
        stream.event("end", Json.object().put("runs", outcome.results().size()).put("failed", outcome.failures())
                .put("report", page.toString()));
        JsonStreamOption.warnIfCut(stream, spec.commandLine().getErr());
        stream.close();
        return outcome.failures() == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }

    /** sweep's defaults: the paper's 35 channels, 64 MiB pieces (each run is short). */
    static final class Defaults extends RunShapeOptions.Defaults {
        Defaults() {
            super("35", "64MiB");
        }
    }
}
