package dev.probe.cli.bulk;

import dev.probe.cli.common.BulkConsole;
import dev.probe.cli.common.EndpointOptions;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.FanoutConsole;
import dev.probe.cli.common.FanoutOptions;
import dev.probe.cli.common.Interrupts;
import dev.probe.cli.common.JsonStreamOption;
import dev.probe.cli.common.LabCheck;
import dev.probe.cli.common.OutputOptions;
import dev.probe.cli.common.PayloadOption;
import dev.probe.cli.common.RunIdOption;
import dev.probe.cli.common.RunShapeOptions;
import dev.probe.core.bulk.BulkClient;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.result.BulkCsvWriter;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.BulkResult;
import dev.probe.core.result.JsonStream;
import dev.probe.core.result.ResultFiles;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe bulk HOST --direction backup|restore ...}: RMAN-style parallel channels moving a volume. */
@Command(name = "bulk", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = BulkCommand.Defaults.class,
        description = {"Move a volume over parallel channels like RMAN backup (client to server) or restore "
                + "(server to client), and project the time for a database of --db-size."})
public final class BulkCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    EndpointOptions endpoint;

    @Mixin
    OutputOptions output;

    @Option(names = "--direction", required = true, description = "backup (client to server) or restore.")
    Direction direction;

    @Mixin
    RunShapeOptions shape;

    @Mixin
    RunIdOption run;

    @Mixin
    FanoutOptions fanout;

    @Option(names = "--no-verify", description = "Do not check pieces with CRC32C.")
    boolean noVerify;

    @Option(names = "--congestion", paramLabel = "ALGO",
            description = "TCP congestion control for every channel on both ends, e.g. cubic (the paper's hosts' "
                    + "Linux default); default: each host's own.")
    String congestion;

    @Mixin
    PayloadOption content;

    @Override
    public Integer call() throws Exception {
        output.check();
        BulkParams params = shape.params(direction, RunShapeOptions.DEFAULT_VOLUME, output.interval, endpoint.sockbuf,
                !noVerify,
                run.orElse(null), congestion);
        params = params.withContent(fanout.fannedOut() ? content.payload : content.checked(), params.salt());
        fanout.refuse("--csv", output.csv);
        fanout.refuse("--json-stream", output.stream.target);
        if (fanout.fannedOut()) {
            return new FanoutConsole(fanout.config(params, endpoint), spec.commandLine().getOut(),
                    spec.commandLine().getErr(), shape.dbSize).run(output.json);
        }
        BulkConfig config = new BulkConfig(endpoint.target(), params, shape.dbSize);
        PrintWriter out = output.stream.console(spec);
        BulkConsole console = new BulkConsole(out, System.console() != null);
        console.printRequest(config, shape.note);
        LabCheck.warn(out, direction);
        try (BulkCsvWriter csvWriter = output.csv == null ? null : new BulkCsvWriter(output.csv);
             JsonStream stream = output.stream.open();
             Interrupts interrupts = Interrupts.install()) {
            BulkListener events = stream.bulkListener("bulk", config.target().host(), config.target().port(), params
                    .toJson());
            new BulkClient(config).run(listener(console, events, csvWriter), interrupts.stop());
            JsonStreamOption.warnIfCut(stream, spec.commandLine().getErr());
            return interrupts.exitCode(spec.commandLine().getErr(), ExitCodes.OK);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** The console, the event stream, the CSV and --json, each told every step of the run. */
    private BulkListener listener(BulkConsole console, BulkListener events, BulkCsvWriter csvWriter) {
        return new BulkListener() {
            @Override
            public void onReady(Handshake.Ready ready) {
                console.onReady(ready);
                events.onReady(ready);
            }

            @Override
            public void onProgress(BulkProgress progress) {
                console.onProgress(progress);
                events.onProgress(progress);
                if (csvWriter != null) {
                    csvWriter.onProgress(progress);
                }
            }

            @Override
            public void onFinished(BulkResult r) {
                console.onFinished(r);
                events.onFinished(r);
                if (output.json != null) {
                    ResultFiles.writeJsonUnchecked(output.json, r.toJson());
                }
            }
        };
    }

    /** bulk's defaults: 35 channels as in the paper, 1 GiB pieces. */
    static final class Defaults extends RunShapeOptions.Defaults {
        Defaults() {
            super("35", "1GiB");
        }
    }
}
