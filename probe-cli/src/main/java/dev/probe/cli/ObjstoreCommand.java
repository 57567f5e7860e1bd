package dev.probe.cli;

import com.oracle.bmc.auth.ConfigFileAuthenticationDetailsProvider;
import dev.probe.core.client.BulkConfig;
import dev.probe.core.objstore.ObjstoreClient;
import dev.probe.core.objstore.ObjstoreConfig;
import dev.probe.core.objstore.ObjstoreParams;
import dev.probe.core.objstore.ObjstoreResult;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Messages;
import dev.probe.core.result.BulkCsvWriter;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.ResultFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code probe objstore backup|restore}: RMAN-style SBT channels against OCI Object Storage, through the OCI SDK. */
@Command(name = "objstore", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"RMAN SBT channels against OCI Object Storage, through the real OCI Java SDK.",
            "Against your bucket, or against a probe server started with --objectstore-port."})
final class ObjstoreCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "backup|restore", description = "backup writes pieces; restore reads them back.")
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

    @Option(names = "--profile", defaultValue = "DEFAULT", description = "Profile in the config file (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--channels", defaultValue = "8", description = "Channels (default: ${DEFAULT-VALUE}).")
    int channels;

    @Option(names = "--piece-size", defaultValue = "1GiB", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Backup piece size (default: ${DEFAULT-VALUE}).")
    long pieceSize;

    @Option(names = "--part-size", defaultValue = "128MiB", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Multipart part size (default: ${DEFAULT-VALUE}).")
    long partSize;

    @Option(names = "--volume", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Bytes to move (default 10GiB unless --duration).")
    Long volume;

    @Option(names = "--duration", converter = Converters.Time.class, description = "Move for this long instead.")
    Duration duration;

    @Option(names = "--prefix", paramLabel = "PREFIX", description = "Object name prefix (default: probe/RUN_ID/).")
    String prefix;

    @Option(names = "--run-id", paramLabel = "ID", description = "Run id (default: random; restore needs the backup's).")
    String runId;

    @Option(names = "--db-size", defaultValue = "1.06TB", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Database size for the projected time (default: ${DEFAULT-VALUE}).")
    long dbSize;

    @Option(names = "--keep", description = "Keep the objects afterwards (default: delete them, as the paper did).")
    boolean keep;

    @Option(names = "--no-verify", description = "Do not verify restored content.")
    boolean noVerify;

    @picocli.CommandLine.Mixin
    OutputOptions output;

    @Override
    public Integer call() throws Exception {
        long vol = volume != null ? volume : duration == null ? 10L * 1024 * 1024 * 1024 : 0;
        String id = runId != null ? runId : prefix != null ? "objstore" : Messages.randomId().substring(0, 12);
        BulkParams bulk = new BulkParams(direction, channels, vol, duration == null ? Duration.ZERO : duration,
                pieceSize, output.interval, 0, !noVerify, id);
        ObjstoreParams params = new ObjstoreParams(bulk, partSize, prefix != null ? prefix : "probe/" + id + "/", keep);
        ObjstoreConfig config = new ObjstoreConfig(endpoint, namespace, bucket, params, auth(), dbSize);
        PrintWriter out = spec.commandLine().getOut();
        BulkConsole console = new BulkConsole(out, System.console() != null);
        out.printf(Locale.ROOT, "[Requesting an object-storage %s] %s/%s/%s, %d channels, %d-byte pieces in %d-byte parts%n%n",
                direction.wireName(), endpoint == null ? "(profile region)" : endpoint, bucket, params.prefix(), channels,
                pieceSize, partSize);
        try (BulkCsvWriter csv = output.csv == null ? null : new BulkCsvWriter(output.csv)) {
            ObjstoreResult result = new ObjstoreClient(config).run(p -> {
                console.onProgress(p);
                if (csv != null) {
                    csv.onProgress(p);
                }
            });
            printSummary(out, result);
            if (output.json != null) {
                ResultFiles.writeJson(output.json, result.toJson());
            }
        }
        return ExitCodes.OK;
    }

    private ConfigFileAuthenticationDetailsProvider auth() throws IOException {
        String path = configFile.startsWith("~") ? System.getProperty("user.home") + configFile.substring(1) : configFile;
        if (!Files.isRegularFile(Path.of(path))) {
            throw new IllegalArgumentException("no OCI config file at " + path + " (--config); see "
                    + "https://docs.oracle.com/iaas/Content/API/Concepts/sdkconfig.htm");
        }
        return new ConfigFileAuthenticationDetailsProvider(path, profile);
    }

    private static void printSummary(PrintWriter out, ObjstoreResult r) {
        var s = r.summary();
        out.printf(Locale.ROOT, "%32s = %.2f s%n", "Total time", s.durationS());
        out.printf(Locale.ROOT, "%32s = %d bytes in %d pieces%s%n", "Moved", s.bytes(), s.pieces(),
                s.verified() ? ", every chunk and multipart MD5 verified" : "");
        out.printf(Locale.ROOT, "%32s = %.3f Gbit/s (%.1f Mbytes/s)%n", "Aggregate throughput", s.throughputGbps(),
                s.throughputMibS());
        out.printf(Locale.ROOT, "%32s = %.3f / %.3f / %.3f Gbit/s%n", "Per channel min/median/max", s.channelMinGbps(),
                s.channelMedianGbps(), s.channelMaxGbps());
        for (Map.Entry<String, LatencyStats> e : r.operations().entrySet()) {
            LatencyStats l = e.getValue();
            out.printf(Locale.ROOT, "%32s = p50 %.1f / p99 %.1f / max %.1f ms (%d requests)%n", e.getKey(), l.p50(),
                    l.p99(), l.max(), l.count());
        }
        out.printf(Locale.ROOT, "%32s = %d retries, %d errors%n", "Requests", r.retries(), r.errors());
        out.printf(Locale.ROOT, "%32s = %.1f minutes%n", String.format(Locale.ROOT, "Projected for %.2f TB",
                s.dbSize() / 1e12), s.projectedMinutes());
        out.flush();
    }
}
