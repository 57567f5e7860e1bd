package dev.probe.cli.report;

import dev.probe.cli.common.Converters;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.OutputPaths;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.error.UsageException;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.units.Durations;
import dev.probe.report.CompareReport;
import dev.probe.report.Format;
import dev.probe.report.MeasuredPoint;
import dev.probe.report.ModelReport;
import dev.probe.report.ModelValidation;
import dev.probe.report.PaperData;
import dev.probe.report.PaperReport;
import dev.probe.report.ReportInputException;
import dev.probe.report.ThroughputModel;
import dev.probe.report.ValidationReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code probe report ...}: the reference paper's tipping points, the fitted model, and reports on your results. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Compare with the reference paper: its tipping points, a fitted throughput model, charts.")
public final class ReportCommand {
    /** The subcommands, in the order help lists them (the top command adds them: see ProbeCommand). */
    public static final List<Class<?>> SUBCOMMANDS = List.of(ReportCommand.Paper.class,
            ReportCommand.Tipping.class, ReportCommand.Predict.class, ReportCommand.Model.class,
            ReportCommand.Compare.class);

    /** Shared {@code --format}. */
    static final class FormatOption {
        @Option(names = "--format", defaultValue = "text",
                description = "text, csv or json (default: ${DEFAULT-VALUE}).")
        String format;

        Format parse() {
            return Format.parse(format);
        }
    }

    /** Shared {@code --format} of the commands that write text or JSON only. */
    static final class TextOrJsonOption {
        @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
        String format;

        Format parse() {
            Format f = Format.parse(format);
            if (f == Format.CSV) {
                throw new UsageException("this report writes text or json, not csv");
            }
            return f;
        }
    }

    /** {@code report paper}. */
    @Command(name = "paper", mixinStandardHelpOptions = true,
            description = "Print the paper's tables 4-11 with the tipping points recomputed from its raw rows.")
    static final class Paper implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @picocli.CommandLine.Mixin
        FormatOption format;

        @Override
        public Integer call() {
            spec.commandLine().getOut().print(PaperReport.paper(PaperData.load(), format.parse()));
            return ExitCodes.OK;
        }
    }

    /** {@code report tipping}. */
    @Command(name = "tipping", mixinStandardHelpOptions = true,
            description = "Tipping points (2x, 10x) of any CSV with raw.csv's columns.")
    static final class Tipping implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--input", required = true, paramLabel = "FILE.csv",
                description = "Columns table, operation, fc_mtu_bytes, delay_ms, internet_{high,medium,low}_multiple.")
        Path input;
        @picocli.CommandLine.Mixin
        FormatOption format;

        @Override
        public Integer call() throws Exception {
            spec.commandLine().getOut().print(PaperReport.tipping(PaperData.readRows(input), format.parse()));
            return ExitCodes.OK;
        }
    }

    /** {@code report predict}. */
    @Command(name = "predict", mixinStandardHelpOptions = true,
            description = "Predict throughput and time, with a range, from the model fitted to the paper (or, with "
                    + "--from, to your own results).")
    static final class Predict implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--rtt-ms", converter = Converters.Millis.class,
                description = "Round-trip time in ms (with --from: default the results' median).")
        Double rttMs;
        @Option(names = "--loss-pct", description = "Packet loss in percent (0 = a private link; with --from: default "
                + "the results' median).")
        Double lossPct;
        @Option(names = "--from", arity = "1..*", split = ",", paramLabel = "RESULT.json", description = "Fit the "
                + "model to this link: bulk, objstore, client, qualify (its one-stream and several-stream steps) or "
                + "sweep results (--json) measured on it, with loss "
                + "(several: space- or comma-separated); then predict other channel counts, RTTs and sizes from them.")
        List<Path> from;
        @Option(names = "--channels", defaultValue = "35", description = "Channels (default: ${DEFAULT-VALUE}).")
        int channels;
        @Option(names = "--mss", defaultValue = "1448",
                description = "TCP MSS (default: ${DEFAULT-VALUE}; 8948 for MTU 9000).")
        int mss;
        @Option(names = "--capacity-gbps", defaultValue = "10",
                description = "Link capacity (default: ${DEFAULT-VALUE}).")
        double capacityGbps;
        @Option(names = "--db-size", defaultValue = "1.06TB", converter = Converters.Size.class, paramLabel = "SIZE",
                description = "Bytes to move (default: ${DEFAULT-VALUE}).")
        long dbSize;
        @Option(names = "--direction", paramLabel = "backup|restore", description = "The paper's backup (towards "
                + "object storage) or restore (towards the database) fit; default: halfway between.")
        String direction;
        @picocli.CommandLine.Mixin
        TextOrJsonOption format;

        @Override
        public Integer call() throws Exception {
            if (direction != null && !direction.equals("backup") && !direction.equals("restore")) {
                throw new BadParameterException("--direction", "'" + direction + "' is not backup or restore");
            }
            ThroughputModel model = ThroughputModel.paper();
            if (from != null) {
                List<MeasuredPoint> points = new ArrayList<>();
                for (Path p : from) {
                    try {
                        points.addAll(MeasuredPoint.readAll(p));
                    } catch (MeasuredPoint.Unplaceable | ReportInputException e) {
                        throw new BadParameterException("--from", e.getMessage());
                    }
                }
                model = model.fittedTo(points, capacityGbps);
            } else if (rttMs == null || lossPct == null) {
                throw new BadParameterException(rttMs == null ? "--rtt-ms" : "--loss-pct", "give the path's "
                        + (rttMs == null ? "round-trip time" : "loss") + ", or --from results to take it from");
            }
            double rtt = rttMs != null ? rttMs : median(model.link().points().stream()
                    .mapToDouble(MeasuredPoint::rttMs).toArray());
            double loss = lossPct != null ? lossPct : median(model.link().points().stream()
                    .mapToDouble(MeasuredPoint::lossPct).toArray());
            spec.commandLine().getOut().print(ModelReport.predict(model,
                    new ModelReport.Query(rtt, loss, channels, mss, capacityGbps, dbSize, direction), format.parse()));
            return ExitCodes.OK;
        }

        private static double median(double[] values) {
            return ModelValidation.median(values);
        }
    }

    /** {@code report model}. */
    @Command(name = "model", mixinStandardHelpOptions = true,
            description = "Print the model's fitted constants and its error on the paper's own rows.")
    static final class Model implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--validate", description = "Score every per-stream law on the paper's cells (fitted, each "
                + "cell left out, the other operation) and recompute the paper's tipping points from the predictions.")
        boolean validate;
        @picocli.CommandLine.Mixin
        TextOrJsonOption format;

        @Override
        public Integer call() {
            PaperData paper = PaperData.load();
            spec.commandLine().getOut().print(validate ? ValidationReport.render(ModelValidation.of(
                    ThroughputModel.paperCells(paper)), paper, format.parse()) : ModelReport.model(ThroughputModel
                            .paper(),
                            format.parse()));
            return ExitCodes.OK;
        }
    }

    /** {@code report compare}. */
    @Command(name = "compare", mixinStandardHelpOptions = true,
            description = "Place probe results on the paper's map; write report.html, charts (PNG, SVG) and summary.md.")
    static final class Compare implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(arity = "1..*", paramLabel = "RESULT.json",
                description = "Results written by client or bulk --json.")
        List<Path> results;
        @Option(names = "--db-size", defaultValue = "1.06TB", converter = Converters.Size.class, paramLabel = "SIZE",
                description = "Database size for projected times (default: ${DEFAULT-VALUE}).")
        long dbSize = BulkConfig.PAPER_DB_SIZE;
        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the report.")
        Path out;

        @Override
        public Integer call() throws Exception {
            System.setProperty("java.awt.headless", "true");
            OutputPaths.directory("--out", out);
            CompareReport.Output o = new CompareReport(PaperData.load(), dbSize).write(results, out);
            PrintWriter w = spec.commandLine().getOut();
            o.placements().forEach(p -> w.printf(Locale.ROOT,
                    "%s: %s, RTT %.3f ms, %s: measured %.3f Gbit/s, paper %.3f, projected %s%n",
                    p.point().file(), p.point().operation(), p.point().rttMs(), p.point().classLabel(), p.point()
                            .gbps(),
                    p.paperGbps(), Durations.readable(p.projectedMinutes() * 60)));
            w.println("wrote " + out.resolve("report.html") + " (" + o.files().size() + " files)");
            return ExitCodes.OK;
        }
    }
}
