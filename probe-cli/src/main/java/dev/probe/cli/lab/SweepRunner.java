package dev.probe.cli.lab;

import dev.probe.cli.common.SelfCommand;
import dev.probe.core.lab.LabException;
import dev.probe.core.lab.LabTopology;
import dev.probe.core.lab.Netns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The processes of a sweep: a probe server inside the server namespace, then for each run a probe client
 * ({@code bulk} or {@code objstore}) inside the client namespace writing its JSON result.
 */
final class SweepRunner implements AutoCloseable {
    static final int PORT = 5555;
    static final int OBJECTSTORE_PORT = 5556;
    static final String BUCKET = "sweep";
    private final LabTopology topology;
    private final Path out;
    private Process server;

    SweepRunner(LabTopology topology, Path out) {
        this.topology = topology;
        this.out = out;
    }

    /** Starts the server (with the Object Storage endpoint when {@code authorizedKeys} is given). */
    void startServer(Path authorizedKeys) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("server", "--port", String.valueOf(PORT), "--quiet",
                "--max-duration", "24h"));
        if (authorizedKeys != null) {
            args.addAll(List.of("--objectstore-port", String.valueOf(OBJECTSTORE_PORT), "--store", "discard",
                    "--authorized-keys", authorizedKeys.toString(), "--bucket", BUCKET));
        }
        Path log = out.resolve("logs").resolve("server.log");
        server = new ProcessBuilder(Netns.execIn(topology.serverNamespace(), SelfCommand.probe(args)))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            String text = Files.exists(log) ? Files.readString(log) : "";
            if (text.contains("Probe server started") && (authorizedKeys == null || text.contains(
                    "Object Storage endpoint"))) {
                return;
            }
            if (!server.isAlive()) {
                throw new LabException("the sweep's server did not start: " + text.lines().findFirst().orElse(
                        "no output"));
            }
            Thread.sleep(100);
        }
        throw new LabException("the sweep's server did not start within 30 s (see " + log + ")");
    }

    /**
     * Runs {@code probe ARGS --json FILE} in the client namespace; returns the result file, or throws with the
     * client's own error line.
     */
    Path runClient(String label, List<String> args) throws IOException, InterruptedException {
        Path json = out.resolve(label + ".json");
        Path log = out.resolve("logs").resolve(label + ".log");
        List<String> full = new ArrayList<>(args);
        full.addAll(List.of("--json", json.toString()));
        Process p = new ProcessBuilder(Netns.execIn(topology.clientNamespace(), SelfCommand.probe(full)))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int code = p.waitFor();
        if (code != 0 || !Files.isRegularFile(json)) {
            throw new LabException(label + " failed: " + SelfCommand.errorLine(log, "exit code " + code) + " (log: "
                    + log + ")");
        }
        return json;
    }

    @Override
    public synchronized void close() {
        if (server != null && server.isAlive()) {
            server.destroy();
            try {
                if (!server.waitFor(10, TimeUnit.SECONDS)) {
                    server.destroyForcibly();
                }
            } catch (InterruptedException e) {
                server.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
