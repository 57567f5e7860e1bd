package dev.probe.cli;

import dev.probe.core.client.BulkClient;
import dev.probe.core.client.BulkConfig;
import dev.probe.core.client.BulkListener;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Messages;
import dev.probe.core.result.BulkCsvWriter;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.BulkResult;
import dev.probe.core.result.ResultFiles;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe bulk HOST --direction backup|restore ...}: RMAN-style parallel channels moving a volume. */
@Command(name = "bulk", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Move a volume over parallel channels like RMAN backup (client to server) or restore "
                + "(server to client), and project the time for a database of --db-size."})
final class BulkCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    EndpointOptions endpoint;

    @Mixin
    OutputOptions output;

    @Option(names = "--direction", required = true, description = "backup (client to server) or restore.")
    Direction direction;

    @Option(names = "--channels", defaultValue = "35",
            description = "Parallel channels, one TCP connection each (default: ${DEFAULT-VALUE}, as in the paper).")
    int channels;

    @Option(names = "--volume", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Bytes to move (default 10GiB unless --duration is given); the last piece may be short.")
    Long volume;

    @Option(names = "--duration", converter = Converters.Time.class,
            description = "Move for this long instead of a fixed volume.")
    Duration duration;

    @Option(names = "--piece-size", defaultValue = "1GiB", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Piece (RMAN section) size (default: ${DEFAULT-VALUE}).")
    long pieceSize;

    @Option(names = "--db-size", defaultValue = "1.06TB", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Database size for the projected time (default: ${DEFAULT-VALUE}, the paper's).")
    long dbSize;

    @Option(names = "--no-verify", description = "Do not check pieces with CRC32C.")
    boolean noVerify;

    @Option(names = "--run-id", paramLabel = "ID",
            description = "Names the run: a server with --dir stores a backup under it; a restore reads it back.")
    String runId;

    @Option(names = "--congestion", paramLabel = "ALGO",
            description = "TCP congestion control for every channel on both ends, e.g. cubic (the paper's hosts' "
                    + "Linux default); default: each host's own.")
    String congestion;

    @Override
    public Integer call() throws Exception {
        long vol = volume != null ? volume : duration == null ? 10L * 1024 * 1024 * 1024 : 0;
        String id = runId != null ? runId : Messages.randomId().substring(0, 12);
        BulkParams params = new BulkParams(direction, channels, vol, duration == null ? Duration.ZERO : duration,
                pieceSize, output.interval, endpoint.sockbuf, !noVerify, id, congestion);
        BulkConfig config = new BulkConfig(endpoint.host, endpoint.port, params, endpoint.connectTimeout,
                endpoint.timeout, dbSize, endpoint.security());
        BulkConsole console = new BulkConsole(spec.commandLine().getOut(), System.console() != null);
        console.printRequest(config);
        try (BulkCsvWriter csvWriter = output.csv == null ? null : new BulkCsvWriter(output.csv)) {
            BulkResult result = new BulkClient(config).run(csvWriter == null ? console : new BulkListener() {
                @Override
                public void onReady(Messages.Ready ready) {
                    console.onReady(ready);
                }

                @Override
                public void onProgress(BulkProgress progress) {
                    console.onProgress(progress);
                    csvWriter.onProgress(progress);
                }

                @Override
                public void onFinished(BulkResult r) {
                    console.onFinished(r);
                }
            });
            if (output.json != null) {
                ResultFiles.writeJson(output.json, result.toJson());
            }
        }
        return ExitCodes.OK;
    }
}
