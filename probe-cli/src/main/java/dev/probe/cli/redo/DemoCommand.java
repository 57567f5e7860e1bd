package dev.probe.cli.redo;

import dev.probe.cli.common.BulkConsole;
import dev.probe.cli.common.Converters;
import dev.probe.cli.common.CpuLine;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.OutputPaths;
import dev.probe.cli.common.TransportChoice;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.bulk.BulkClient;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.BulkResult;
import dev.probe.core.result.JsonStream;
import dev.probe.core.result.ResultFiles;
import dev.probe.core.server.ServerConfig;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code probe demo}: a server in-process on loopback, then a sync, a sync-with-disk-write and an async test, and
 * a short bulk backup with its projected time for the paper's 1.06 TB.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Loopback demo, no second host needed: starts a server in-process and runs three short tests "
                + "and a short bulk backup.")
public final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--duration", defaultValue = "3s", converter = Converters.Time.class,
            description = "Duration of each test (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--json-dir", paramLabel = "DIR", description = "Write each test's result JSON here.")
    Path jsonDir;

    @Override
    public Integer call() throws Exception {
        System.setProperty(CpuLine.ONE_PROCESS, "true"); // the server runs in this JVM: one CPU figure for both
        try {
            return demo();
        } finally {
            System.clearProperty(CpuLine.ONE_PROCESS);
        }
    }

    private Integer demo() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        OutputPaths.directory("--json-dir", jsonDir);
        if (jsonDir != null) {
            Files.createDirectories(jsonDir);
        }
        Path dir = Files.createTempDirectory("probe-demo");
        ServerConfig config = ServerConfig.defaults().forLoopback("127.0.0.1", 0, dir.resolve("redo.dat"), null)
                .withFileSize(64L * 1024 * 1024).withTransport(TransportChoice.selected());
        try (ProbeServer server = ProbeServer.start(config, line -> {})) {
            int port = server.address().getPort();
            out.println("probe demo: server on 127.0.0.1:" + port + " (" + ProbeServer.version(config) + ")");
            run(out, port, "1. SYNC, 1 KiB messages: the commit-time round trip of SYNC redo transport",
                    TestParams.builder(Mode.SYNC).length(1024).duration(duration).build(),
                    "sync");
            run(out, port, "2. SYNC with disk write: each 64 KiB message is forced to disk before the ACK",
                    TestParams.builder(Mode.SYNC).length(64 * 1024).duration(duration).write(true).build(),
                    "sync-write");
            run(out, port, "3. ASYNC, 1 MiB messages over 2 connections: streaming throughput",
                    TestParams.builder(Mode.ASYNC).length(1024 * 1024).connections(2).duration(duration)
                            .build(), "async");
            out.println();
            out.println("=== 4. BULK backup, 4 channels, 512 MiB in 64 MiB pieces: time for a 1.06 TB backup");
            BulkConfig bulk = new BulkConfig(target(port), BulkParams.builder(Direction.BACKUP, "demo").channels(4)
                    .volume(512L << 20).pieceSize(64L << 20).build(), BulkConfig.PAPER_DB_SIZE);
            BulkConsole console = new BulkConsole(out, false);
            console.printRequest(bulk, null);
            BulkResult result = new BulkClient(bulk).run(console);
            if (jsonDir != null) {
                ResultFiles.writeJson(jsonDir.resolve("bulk.json"), result.toJson());
            }
        } finally {
            Files.deleteIfExists(dir);
        }
        return ExitCodes.OK;
    }

    private void run(PrintWriter out, int port, String title, TestParams params, String name) throws Exception {
        out.println();
        out.println("=== " + title);
        Path json = jsonDir == null ? null : jsonDir.resolve(name + ".json");
        TestRunner.run(new RedoConfig(target(port), params), out, json, null, null, JsonStream.NONE, new RunStop());
    }

    private static Target target(int port) {
        return Target.of("127.0.0.1", port).withTransport(TransportChoice.selected());
    }
}
