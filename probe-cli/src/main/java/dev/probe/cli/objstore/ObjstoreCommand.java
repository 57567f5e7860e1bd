package dev.probe.cli.objstore;

import dev.probe.cli.common.BulkConsole;
import dev.probe.cli.common.Converters;
import dev.probe.cli.common.CpuLine;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.FanoutConsole;
import dev.probe.cli.common.FanoutOptions;
import dev.probe.cli.common.Interrupts;
import dev.probe.cli.common.JsonStreamOption;
import dev.probe.cli.common.LabCheck;
import dev.probe.cli.common.OciConfigFile;
import dev.probe.cli.common.OutputOptions;
import dev.probe.cli.common.PayloadOption;
import dev.probe.cli.common.PeerOptions;
import dev.probe.cli.common.RouteOptions;
import dev.probe.cli.common.RunIdOption;
import dev.probe.cli.common.RunShapeOptions;
import dev.probe.core.agent.ObjstoreLeg;
import dev.probe.core.client.Egress;
import dev.probe.core.error.UsageException;
import dev.probe.core.objstore.client.ObjstoreClient;
import dev.probe.core.objstore.client.ObjstoreConfig;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.ObjstoreParams;
import dev.probe.core.result.BulkCsvWriter;
import dev.probe.core.result.JsonStream;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.ObjstoreResult;
import dev.probe.core.result.ResultFiles;
import dev.probe.core.units.Durations;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code probe objstore backup|restore}: RMAN-style SBT channels against OCI Object Storage, through the OCI SDK. */
@Command(name = "objstore", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = ObjstoreCommand.Defaults.class,
        description = {"RMAN SBT channels against OCI Object Storage, through the real OCI Java SDK.",
                "Against your bucket, or against a probe server started with --objectstore-port."})
public final class ObjstoreCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "backup|restore",
            description = "backup writes pieces; restore reads them back.")
    Direction direction;

    @Option(names = "--endpoint", paramLabel = "URL",
            description = "Object Storage endpoint, e.g. https://objectstorage.eu-frankfurt-1.oraclecloud.com or "
                    + "http://standby:8080 (default: the region of the OCI config profile).")
    String endpoint;

    @Option(names = "--namespace", required = true, paramLabel = "NS", description = "Object Storage namespace.")
    String namespace;

    @Option(names = "--bucket", required = true, paramLabel = "B", description = "Bucket.")
    String bucket;

    @Option(names = "--config", defaultValue = "~/.oci/config", paramLabel = "FILE",
            description = "OCI config file (default: ${DEFAULT-VALUE}).")
    String configFile;

    @Option(names = "--profile", defaultValue = "DEFAULT",
            description = "Profile in the config file (default: ${DEFAULT-VALUE}).")
    String profile;

    @Mixin
    RunShapeOptions shape;

    @Mixin
    RouteOptions route;

    @Mixin
    RunIdOption run;

    @Option(names = "--part-size", defaultValue = "128MiB", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Multipart part size (default: ${DEFAULT-VALUE}).")
    long partSize;

    @Option(names = "--prefix", paramLabel = "PREFIX", description = "Object name prefix (default: probe/RUN_ID/).")
    String prefix;

    @Option(names = "--keep", description = "Keep the objects afterwards (default: delete them, as the paper did).")
    boolean keep;

    @Option(names = "--no-verify", description = "Do not verify restored content.")
    boolean noVerify;

    @Mixin
    OutputOptions output;

    @Mixin
    FanoutOptions fanout;

    @Mixin
    PeerOptions agents;

    @Mixin
    PayloadOption content;

    @Override
    public Integer call() throws Exception {
        output.check();
        String id = run.orElse(prefix != null ? "objstore" : null);
        BulkParams bulk = shape.params(direction, RunShapeOptions.DEFAULT_VOLUME, output.interval, 0, !noVerify, id,
                null);
        bulk = bulk.withContent(fanout.fannedOut() ? content.payload : content.checked(), bulk.salt());
        ObjstoreParams params = new ObjstoreParams(bulk, partSize, prefix != null ? prefix : "probe/" + id + "/", keep);
        fanout.refuse("--csv", output.csv);
        fanout.refuse("--json-stream", output.stream.target);
        if (fanout.fannedOut()) {
            return fannedOut(params);
        }
        Egress leaving = route.route(); // checked before the OCI config is read
        ObjstoreConfig config = new ObjstoreConfig(endpoint, namespace, bucket, params,
                OciConfigFile.load("--config", configFile, profile), shape.dbSize, leaving);
        PrintWriter out = output.stream.console(spec);
        BulkConsole console = new BulkConsole(out, System.console() != null);
        printRequest(out, params);
        LabCheck.warn(out, direction);
        try (BulkCsvWriter csv = output.csv == null ? null : new BulkCsvWriter(output.csv);
             JsonStream stream = output.stream.open();
             Interrupts interrupts = Interrupts.install()) {
            stream.start("objstore", endpoint == null ? "(the profile's region)" : endpoint, params.bulk().toJson());
            new ObjstoreClient(config).run(p -> {
                console.onProgress(p);
                if (csv != null) {
                    csv.onProgress(p);
                }
                stream.event("interval", p.toJson());
            }, () -> {}, interrupts.stop(), result -> {
                printSummary(console, result);
                stream.event("end", result.toJson());
                if (output.json != null) {
                    ResultFiles.writeJsonUnchecked(output.json, result.toJson());
                }
            });
            JsonStreamOption.warnIfCut(stream, spec.commandLine().getErr());
            return interrupts.exitCode(spec.commandLine().getErr(), ExitCodes.OK);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** The request header: where, how many channels, what each object is, the payload. */
    private void printRequest(PrintWriter out, ObjstoreParams params) {
        BulkParams bulk = params.bulk();
        out.printf(Locale.ROOT, "[Requesting an object-storage %s] %s/%s/%s, %d channels, %s%n",
                direction.wireName(), endpoint == null ? "(profile region)" : endpoint, bucket, params.prefix(),
                shape.channels, direction == Direction.RESTORE ? "the objects as their backup wrote them (sizes read "
                        + "from the bucket)" : String.format(Locale.ROOT, "%d-byte pieces in %d-byte parts",
                                bulk.pieceSize(), partSize));
        if (bulk.volume() == 0) {
            out.printf("\tTimed run              = no new object after %s; objects under way finish whole (an "
                    + "object counts only complete), so the run can last up to one object per channel longer%n",
                    Durations.describe(bulk.duration()));
        }
        out.printf(Locale.ROOT, "\tPayload content type = %s%n%n", direction == Direction.BACKUP
                ? bulk.payload().describe() : "as each object's backup wrote it (its probe-payload metadata)");
        if (shape.note != null) {
            out.println("NOTE: " + shape.note + ".");
        }
    }

    /** With --from: each agent runs its share with its own OCI config, to the one --endpoint named here. */
    private int fannedOut(ObjstoreParams params) throws Exception {
        for (String own : new String[] {"--config", "--profile"}) {
            if (spec.commandLine().getParseResult().hasMatchedOption(own)) {
                throw new UsageException(own + " is each agent's with --from (probe agent --oci-config, "
                        + "--oci-profile)");
            }
        }
        if (endpoint == null) {
            throw new UsageException("--endpoint is required with --from (every agent goes to the same one)");
        }
        int dscp = route.agentsDscp();
        ObjstoreLeg total = new ObjstoreLeg(endpoint, namespace, bucket, params);
        return new FanoutConsole(fanout.config(total, List.of(total.target()), agents).withDscp(dscp),
                spec.commandLine().getOut(),
                spec.commandLine().getErr())
                        .run(output.json);
    }

    private static void printSummary(BulkConsole console, ObjstoreResult r) {
        if (r.incomplete() != null) {
            console.row("INCOMPLETE", r.incomplete() + "; the figures cover what moved until then");
        }
        console.printTotals(r.summary(), ", every chunk and multipart MD5 verified");
        for (Map.Entry<String, LatencyStats> e : r.operations().entrySet()) {
            LatencyStats l = e.getValue();
            console.row(e.getKey(), String.format(Locale.ROOT, "p50 %.1f / p99 %.1f / max %.1f ms (%d requests)", l
                    .p50(),
                    l.p99(), l.max(), l.count()));
        }
        console.row("Requests", String.format(Locale.ROOT, "%d retries, %d errors", r.retries(), r.errors()));
        console.lines(CpuLine.of(r.summary().cpu(), r.params().bulk().direction() == Direction.BACKUP ? "sender"
                : "receiver", null, null, r.summary().bytes()));
        console.printProjection(r.summary(), r.incomplete() != null);
        console.printCompressed(r.params().bulk().payload(), r.summary());
    }

    /** objstore's defaults: 8 channels, 1 GiB pieces. */
    static final class Defaults extends RunShapeOptions.Defaults {
        Defaults() {
            super("8", "1GiB");
        }
    }
}
