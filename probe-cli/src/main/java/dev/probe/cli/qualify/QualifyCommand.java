package dev.probe.cli.qualify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.cli.common.ConnectOptions;
import dev.probe.cli.common.Converters;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.FanoutOptions;
import dev.probe.cli.common.Interrupts;
import dev.probe.cli.common.JsonStreamOption;
import dev.probe.cli.common.LabCheck;
import dev.probe.cli.common.OutputPaths;
import dev.probe.cli.common.PayloadOption;
import dev.probe.core.disk.DiskParams;
import dev.probe.core.disk.RemoteDiskClient;
import dev.probe.core.disk.DiskResult;
import dev.probe.core.disk.Profile;
import dev.probe.core.disk.RedoHeadroom;
import dev.probe.core.disk.RemoteDiskSpec;
import dev.probe.core.error.UsageException;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Json;
import dev.probe.core.qualify.Agents;
import dev.probe.core.qualify.AwrCsv;
import dev.probe.core.qualify.BothDirections;
import dev.probe.core.qualify.Qualifier;
import dev.probe.core.qualify.QualifyConfig;
import dev.probe.core.qualify.QualifyResult;
import dev.probe.core.qualify.RacQualifier;
import dev.probe.core.qualify.RacResult;
import dev.probe.core.qualify.RedoCompression;
import dev.probe.core.qualify.RedoLoad;
import dev.probe.core.qualify.StepPlan;
import dev.probe.core.qualify.UnderLoad;
import dev.probe.core.qualify.Verdict;
import dev.probe.core.result.JsonStream;
import dev.probe.core.result.ResultFiles;
import dev.probe.core.units.Rates;
import dev.probe.report.QualifyPage;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code probe qualify STANDBY --redo-rate 45MB/s}: Oracle's Data Guard network qualification in one command. */
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
    Load load;

    /** --redo-rate or --awr. */
    static final class Load {
        @Option(names = "--redo-rate", paramLabel = "RATE",
                description = "Peak redo rate, bytes or bits: 45MB/s, 45MiB/s, 360Mbit/s.")
        String redoRate;

        @Option(names = "--awr", paramLabel = "FILE",
                description = "CSV from AWR (DBA_HIST_SYSMETRIC_SUMMARY or GV$SYSMETRIC_HISTORY; see --print-awr-sql).")
        Path awr;
    }

    @Mixin
    ConnectOptions connect;

    /** The standby's redo log writes: probe disk's redo profile, briefly (a 256 MiB file, 2 s per size). */
    private static final DiskParams STANDBY_REDO = new DiskParams(256L << 20, java.util.Set.of(Profile.REDO),
            Duration.ofMillis(20), 0, Duration.ofSeconds(2), 1, false, false);

    @Option(names = "--mode", defaultValue = "both", paramLabel = "async|sync|both",
            description = "Which transport to qualify (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(names = "--redo-write-size", defaultValue = "32KiB", split = ",", converter = Converters.Size.class,
            paramLabel = "SIZE", description = "Redo write sizes for the paced and SYNC steps (default: ${DEFAULT-VALUE}).")
    List<Long> writeSizes;

    @Option(names = "--affirm", description = "SYNC also with the standby's forced write (AFFIRM; server --file on "
            + "the standby's redo disk) beside FASTSYNC.")
    boolean affirm;

    @Option(names = "--standby-dir", paramLabel = "PATH",
            description = "With --affirm: also time the standby's redo log writes there (probe disk's redo profile, run "
                    + "by the standby's probe server inside its --dir), shown beside the network's share.")
    String standbyDir;

    @Option(names = "--commit-budget", defaultValue = "2ms", converter = Converters.Latency.class,
            description = "Commit time SYNC may add (default: ${DEFAULT-VALUE}).")
    Duration commitBudget;

    @Option(names = "--local-log-write", defaultValue = "0ms", converter = Converters.Latency.class,
            description = "The primary's own log write, which runs beside the remote one (default: not counted).")
    Duration localLogWrite;

    @Option(names = "--tcp-efficiency", defaultValue = "0.7", paramLabel = "F",
            description = "F in required bandwidth = peak / F x 8 (default: ${DEFAULT-VALUE}; note 736755.1 uses 0.75).")
    double tcpEfficiency;

    @Option(names = "--gap", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "A redo gap to resolve (catching up after an outage), with --gap-within.")
    Long gap;

    @Option(names = "--gap-within", converter = Converters.Time.class, description = "How soon the gap must resolve.")
    Duration gapWithin;

    @Option(names = "--budget", defaultValue = "3m", converter = Converters.Time.class,
            description = "Wall time for all steps (default: ${DEFAULT-VALUE}).")
    Duration budget;

    @Mixin
    PayloadOption content;

    @Option(names = "--redo-sample", paramLabel = "FILE",
            description = "An archived redo log copied from the primary: measures its compression (zlib, as "
                    + "COMPRESSION=ENABLE, and LZ4) and CPU cost, restates the required bandwidth with it, and runs "
                    + "the paced redo step with content that compresses as it does.")
    Path redoSample;

    @Option(names = "--from", split = ",", paramLabel = "HOST[:PORT]",
            description = "A RAC primary: run from these nodes' agents ('probe agent', port " + FanoutOptions.AGENT_PORT
                    + " unless given), one redo stream per instance, each paced at its own --redo-rate (one per node: "
                    + "30MB/s,25MB/s), all at once; a verdict per instance and for the sum; SYNC from each node.")
    List<String> from;

    @Option(names = "--under-load", paramLabel = "KIND:N",
            description = "Run the redo-rate and SYNC steps again while N channels load the same path: backup:N or "
                    + "restore:N (RMAN-style bulk channels towards or from the standby) or async:N (streams); the "
                    + "verdicts then rest on the loaded figures, shown beside the idle ones.")
    String underLoad;

    @Option(names = "--load-from", split = ",", paramLabel = "HOST[:PORT]",
            description = "With --under-load: run the load from these hosts' agents ('probe agent', port "
                    + FanoutOptions.AGENT_PORT + " unless given; reached with this command's secret and TLS options), "
                    + "channels spread over them; default: from this host.")
    List<String> loadFrom;

    @ArgGroup(exclusive = true)
    Flow direction;

    /** --reverse or --both-directions. */
    static final class Flow {
        @Option(names = {"-R", "--reverse"}, description = "The stream steps run standby to primary (the standby's "
                + "server sends; iperf3's -R): the direction redo takes after a switchover. SYNC steps stay as they "
                + "are.")
        boolean reverse;

        @Option(names = "--both-directions", description = "The whole qualification primary to standby, then the "
                + "stream steps standby to primary, within one --budget; the asymmetry is shown.")
        boolean both;
    }

    @Option(names = "--json", paramLabel = "FILE", description = "Write the result (probe.result/1, kind qualify).")
    Path json;

    @Option(names = "--out", paramLabel = "DIR", description = "Write qualify.html and its charts (PNG, SVG) here.")
    Path outDir;

    @Option(names = "--print-awr-sql", description = "Print the SQL that makes an --awr file, and exit.")
    boolean printAwrSql;

    /** --redo-rate's rates, one per instance with --from. */
    private List<Double> perInstance = List.of();

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
        QualifyConfig config = config();
        OutputPaths.file("--json", json);
        OutputPaths.directory("--out", outDir);
        events.check();
        QualifyConsole console = new QualifyConsole(out);
        try (JsonStream stream = events.open()) {
            if (stream != null) {
                ObjectNode p = Json.object();
                p.put("redo_rate_bytes_s", config.load().peakBytesPerSecond());
                p.put("budget_s", config.budget().toSeconds());
                stream.start("qualify", config.target().hostPort(), p);
            }
            int code = from != null ? rac(config, console, stream) : qualify(config, console, out, stream);
            JsonStreamOption.warnIfCut(stream, spec.commandLine().getErr());
            return code;
        }
    }

    private static Qualifier.Progress progress(Qualifier.Progress console, JsonStream stream) {
        return stream == null ? console : (i, n, step) -> {
            console.step(i, n, step);
            stream.step(i, n, step.label(), step.duration());
        };
    }

    private int qualify(QualifyConfig config, QualifyConsole console, PrintWriter out, JsonStream stream)
            throws Exception {
        console.printRequest(config, StepPlan.of(config));
        // redo flows towards the standby (server); with --reverse its server sends
        LabCheck.warn(out, config.reverse() ? Direction.RESTORE : Direction.BACKUP);
        try (Interrupts interrupts = Interrupts.install()) {
            QualifyResult result;
            ObjectNode doc;
            Verdict.Status overall;
            if (direction != null && direction.both) {
                BothDirections both = BothDirections.run(config, progress(console::onStep, stream),
                        progress(console::onReverseStep, stream), interrupts.stop());
                result = both.forward();
                console.printBoth(both);
                doc = both.toJson();
                overall = both.overall();
            } else {
                result = new Qualifier(config).run(progress(console::onStep, stream), interrupts.stop());
                console.printResult(result);
                doc = result.toJson();
                overall = result.overall();
            }
            if (standbyDir != null && result.incomplete() == null) {
                DiskResult disk = new RemoteDiskClient(config.target(), new RemoteDiskSpec(standbyDir, STANDBY_REDO))
                        .run(p -> { });
                List<RedoHeadroom> headroom = RedoHeadroom.of(disk.of("redo"), config.load().peakBytesPerSecond());
                console.printStandbyDisk(disk, writeSizes, headroom);
                ObjectNode standby = (ObjectNode) disk.toJson().get("summary");
                RedoHeadroom.put(standby, config.load().peakBytesPerSecond(), headroom);
                doc.set("standby_disk", standby.put("dir", disk.dir()).put("file_system", disk.fileSystem()));
            }
            if (stream != null) {
                stream.event("end", doc);
            }
            if (json != null) {
                ResultFiles.writeJson(json, doc);
            }
            if (outDir != null) {
                out.println("Page: " + QualifyPage.write(doc, outDir));
                out.flush();
            }
            return interrupts.exitCode(spec.commandLine().getErr(), exitCode(overall));
        }
    }

    /** {@code --from}: one stream per RAC instance through the nodes' agents. */
    private int rac(QualifyConfig config, QualifyConsole console, JsonStream stream) throws Exception {
        if (outDir != null) {
            throw new UsageException("--out is not available with --from yet: write --json and the console");
        }
        RacQualifier rac = new RacQualifier(config, agents("--from", from), perInstance);
        console.printRequest(config, rac.plan());
        try (Interrupts interrupts = Interrupts.install()) {
            RacResult result = rac.run(progress(console::onStep, stream), interrupts.stop());
            console.printRac(result);
            if (stream != null) {
                stream.event("end", result.toJson());
            }
            if (json != null) {
                ResultFiles.writeJson(json, result.toJson());
            }
            return interrupts.exitCode(spec.commandLine().getErr(), exitCode(result.overall()));
        }
    }

    /** The agents {@code flag} names, reached with this command's secret, TLS and timeouts. */
    private Agents agents(String flag, List<String> hosts) throws Exception {
        return new Agents(flag, FanoutOptions.parse(flag, hosts, FanoutOptions.AGENT_PORT), connect.peer.security(),
                connect.peer.connectTimeout, connect.peer.timeout);
    }

    private static int exitCode(Verdict.Status overall) {
        return switch (overall) {
            case FAIL -> ExitCodes.VERDICT_FAIL;
            case MARGINAL -> ExitCodes.VERDICT_MARGINAL;
            case PASS -> ExitCodes.OK;
            case INCOMPLETE -> ExitCodes.FAILED; // a signal's own code wins (Interrupts.exitCode)
        };
    }

    private QualifyConfig config() throws Exception {
        if (standbyDir != null && !affirm) {
            throw new UsageException("--standby-dir times the standby's redo log writes for --affirm; give "
                    + "--affirm too");
        }
        if (host == null) {
            throw new UsageException("give the standby's host: probe qualify STANDBY_HOST --redo-rate 45MB/s");
        }
        if (load == null) {
            throw new UsageException("give --redo-rate RATE or --awr FILE (probe qualify --print-awr-sql "
                    + "prints the SQL for the file)");
        }
        if (!mode.matches("async|sync|both")) {
            throw new UsageException("--mode: '" + mode + "' is not async, sync or both");
        }
        RedoLoad redo = redoLoad();
        if (loadFrom != null && underLoad == null) {
            throw new UsageException("--load-from runs the --under-load load from agents; give --under-load "
                    + "too (e.g. --under-load backup:16)");
        }
        UnderLoad background = underLoad == null ? null : UnderLoad.parse(underLoad, loadFrom == null ? null
                : agents("--load-from", loadFrom));
        RedoCompression compression = redoSample == null ? null
                : RedoCompression.measure(redoSample, RedoCompression.MAX_SAMPLE);
        QualifyConfig config = QualifyConfig.builder(connect.target(host), redo)
                .modes(!mode.equals("sync"), !mode.equals("async")).writeSizes(writeSizes).affirm(affirm)
                .commitBudget(commitBudget, localLogWrite).tcpEfficiency(tcpEfficiency)
                .gap(gap == null ? 0 : gap, gapWithin).budget(budget).payload(content.checked())
                .compression(compression).underLoad(background).reverse(direction != null && direction.reverse).build();
        if (direction != null && direction.both) {
            BothDirections.reverseShare(config); // the budget must hold both passes
        }
        return config;
    }

    /** The redo to carry: the AWR file's peak (instances summed), or --redo-rate (one rate per instance with --from). */
    private RedoLoad redoLoad() throws Exception {
        RedoLoad redo;
        if (load.awr != null) {
            redo = AwrCsv.read(load.awr);
            perInstance = List.copyOf(redo.instancePeaks().values()); // with --from: instance i on node i
        } else {
            try {
                perInstance = new java.util.ArrayList<>();
                for (String r : load.redoRate.split(",", -1)) {
                    perInstance.add(Rates.parseByteRate(r.trim()));
                }
            } catch (IllegalArgumentException e) {
                throw new UsageException("--redo-rate: " + e.getMessage());
            }
            if (perInstance.size() > 1 && from == null) {
                throw new UsageException("--redo-rate: one rate per instance is for --from (a RAC "
                        + "primary's nodes); give one rate here");
            }
            redo = RedoLoad.given(perInstance.stream().mapToDouble(Double::doubleValue).sum());
        }
        return redo;
    }
}
