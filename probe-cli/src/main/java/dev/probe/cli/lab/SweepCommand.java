package dev.probe.cli.lab;

import dev.probe.core.error.UsageException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.JsonStreamOption;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.JsonStream;
import dev.probe.cli.common.OutputPaths;
import dev.probe.cli.common.RunShapeOptions;
import dev.probe.core.lab.ImpairedLink;
import dev.probe.core.lab.LabLink;
import dev.probe.core.lab.LabTopology;
import dev.probe.core.lab.LinkSpec;
import dev.probe.core.lab.NetemLink;
import dev.probe.core.lab.SweepPlan;
import dev.probe.core.objstore.endpoint.ApiKey;
import dev.probe.core.params.Direction;
import dev.probe.report.CompareReport;
import dev.probe.report.PaperData;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
    @Option(names = "--runs", defaultValue = "3", description = "Runs per cell (default: ${DEFAULT-VALUE}, as the paper).")
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

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where results, logs and the report go.")
    Path out;

    @Option(names = "--seed", description = "Seed of the userspace link's loss draws (default: random).")
    Long seed;

    @Mixin
    TopologyOptions where;

    @Mixin
    JsonStreamOption events;

    @Override
    @SuppressWarnings("try") // the shutdown hook closes the link and the runner when the JVM is stopped mid-sweep
    public Integer call() throws Exception {
        SweepPlan plan = new SweepPlan(rtts, losses, direction, shape.channels, runs, scaleChannels, link.rateBps());
        if (shape.volume != null && shape.duration != null) {
            throw new UsageException("give --volume or --duration, not both");
        }
        Duration perRun = shape.volume == null && shape.duration == null ? Duration.ofSeconds(30) : shape.duration;
        OutputPaths.directory("--out", out);
        events.check();
        LabTopology topology = where.topology();
        SweepPlan.Cell first = plan.cells().get(0);
        LinkSpec start = link.spec(first.rttMs(), first.lossPct(), direction);
        String mode = mode();
        Files.createDirectories(out.resolve("logs"));
        PrintWriter console = events.console(spec);
        JsonStream stream = events.open();
        if (stream != null) {
            ObjectNode p = Json.object();
            p.put("direction", direction.wireName());
            p.put("cells", plan.cells().size());
            p.put("runs", runs);
            p.put("impair", mode);
            stream.start("sweep", topology.serverAddress(), p);
        }
        SweepProgress progress = new SweepProgress(console, plan, objstore ? 2 : 1);
        progress.begin(mode, start, perRun, shape.volume);
        List<Path> results = new ArrayList<>();
        int failures = 0;
        try (LabLink lab = mode.equals("netem") ? NetemLink.up(topology, start)
                : ImpairedLink.up(topology, start, seed != null ? seed : System.nanoTime());
             SweepRunner runner = new SweepRunner(lab, plan, out)) {
            Thread cleanup = new Thread(() -> {
                runner.close();
                lab.close();
                try {
                    // an interrupted sweep's finally never runs: without this the file says "running": true
                    Files.deleteIfExists(dev.probe.core.lab.LabState.file(topology.name()));
                } catch (java.io.IOException e) {
                    // the JVM is exiting; lab status reports a state whose process is gone as stale
                }
            });
            Runtime.getRuntime().addShutdownHook(cleanup);
            if (lab instanceof ImpairedLink) {
                dev.probe.core.lab.LabState.write((ImpairedLink) lab, ProcessHandle.current().pid(), true);
            }
            ApiKey key = objstore ? ApiKey.create(out.resolve("oci")) : null;
            runner.startServer(key == null ? null : key.authorizedKeys());
            SweepClients clients = new SweepClients(runner, plan, topology.serverAddress(), perRun, shape.volume,
                    shape.pieceSize, key);
            if (key != null && direction == Direction.RESTORE) {
                lab.reconfigure(lab.spec().withCell(0, 0, direction));
                clients.seedObjects();
            }
            for (SweepPlan.Cell cell : plan.cells()) {
                lab.reconfigure(lab.spec().withCell(cell.rttMs(), cell.lossPct(), direction));
                Thread.sleep(Math.max(200, (long) (cell.rttMs() * 2)));
                for (int r = 1; r <= runs; r++) {
                    for (String kind : objstore ? List.of("bulk", "objstore") : List.of("bulk")) {
                        try {
                            Path json = clients.run(kind, cell, r);
                            ObjectNode doc = runner.annotate(json, cell);
                            progress.finished(cell, r, kind, doc);
                            results.add(json);
                            if (stream != null) {
                                stream.event("run", doc);
                            }
                        } catch (dev.probe.core.lab.LabException e) {
                            failures++;
                            progress.failed(cell, r, kind, e.getMessage());
                            if (stream != null) {
                                stream.event("run_failed", Json.object().put("rtt_ms", cell.rttMs())
                                        .put("loss_pct", cell.lossPct()).put("run", r).put("kind", kind)
                                        .put("error", e.getMessage()));
                            }
                        }
                        lab.checkHealthy();
                    }
                }
            }
            console.println(lab.describeCounters());
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } finally {
            Files.deleteIfExists(dev.probe.core.lab.LabState.file(topology.name()));
        }
        if (results.isEmpty()) {
            throw new dev.probe.core.lab.LabException("no run of the sweep succeeded (logs in " + out.resolve("logs") + ")");
        }
        CompareReport.Output report = new CompareReport(PaperData.load(), shape.dbSize).write(results, out.resolve("report"));
        progress.table(report.placements());
        console.println("report: " + out.resolve("report").resolve("report.html"));
        console.flush();
        if (stream != null) {
            stream.event("end", Json.object().put("runs", results.size()).put("failed", failures)
                    .put("report", out.resolve("report").resolve("report.html").toString()));
            JsonStreamOption.warnIfCut(stream, spec.commandLine().getErr());
            stream.close();
        }
        return failures == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private String mode() {
        return switch (impair.toLowerCase(Locale.ROOT)) {
            case "netem" -> {
                if (!NetemLink.available()) {
                    throw new dev.probe.core.lab.LabException("this kernel has no netem (sch_netem) or tc cannot run; "
                            + "use --impair userspace");
                }
                yield "netem";
            }
            case "userspace" -> "userspace";
            case "auto" -> NetemLink.available() ? "netem" : "userspace";
            default -> throw new UsageException("--impair must be netem, userspace or auto, not '" + impair + "'");
        };
    }

    /** sweep's defaults: the paper's 35 channels, 64 MiB pieces (each run is short). */
    static final class Defaults extends RunShapeOptions.Defaults {
        Defaults() {
            super("35", "64MiB");
        }
    }
}
