package dev.probe.cli.lab;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.lab.ImpairedLink;
import dev.probe.core.lab.LabException;
import dev.probe.core.lab.LabLink;
import dev.probe.core.lab.LabState;
import dev.probe.core.lab.LabTopology;
import dev.probe.core.lab.LinkSpec;
import dev.probe.core.lab.NetemLink;
import dev.probe.core.lab.SweepPlan;
import dev.probe.core.objstore.endpoint.ApiKey;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.JsonStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The paper's campaign through the lab link: brings the link up (netem or the userspace link), starts the server
 * in its namespace, then for every cell impairs the link and runs bulk (and objstore) {@code runs} times, each as
 * probe processes; the link, the server and the lab's state file are gone afterwards, also when the JVM is stopped.
 */
final class Sweep {
    /**
     * One sweep, checked by the command: where, the plan, the link's first cell, netem or userspace (with the loss
     * seed), per-run shape ({@code perRun} or {@code volume}), and whether objstore runs beside bulk.
     */
    record Config(LabTopology topology, SweepPlan plan, Direction direction, int runs, LinkSpec start, String mode,
                  long seed, Path out, Duration perRun, Long volume, Long pieceSize, boolean objstore) {
    }

    /** The result files written, and how many runs failed. */
    record Outcome(List<Path> results, int failures, String counters) {
    }

    private final Config config;
    private final SweepProgress progress;
    private final JsonStream stream;

    /** {@code stream} may be null (no --json-stream). */
    Sweep(Config config, SweepProgress progress, JsonStream stream) {
        this.config = config;
        this.progress = progress;
        this.stream = stream;
    }

    @SuppressWarnings("try") // the shutdown hook closes the link and the runner when the JVM is stopped mid-sweep
    Outcome run() throws Exception {
        Files.createDirectories(config.out().resolve("logs"));
        Path state = LabState.file(config.topology().name());
        try (LabLink lab = config.mode().equals("netem") ? NetemLink.up(config.topology(), config.start())
                : ImpairedLink.up(config.topology(), config.start(), config.seed());
             SweepRunner runner = new SweepRunner(lab, config.plan(), config.out())) {
            Thread cleanup = new Thread(() -> {
                runner.close();
                lab.close();
                deleteQuietly(state); // an interrupted sweep's finally never runs: the file would say "running"
            });
            Runtime.getRuntime().addShutdownHook(cleanup);
            if (lab instanceof ImpairedLink impaired) {
                LabState.write(impaired, ProcessHandle.current().pid(), true);
            }
            Outcome outcome = cells(lab, runner);
            Runtime.getRuntime().removeShutdownHook(cleanup);
            return outcome;
        } finally {
            Files.deleteIfExists(state);
        }
    }

    private Outcome cells(LabLink lab, SweepRunner runner) throws Exception {
        ApiKey key = config.objstore() ? ApiKey.create(config.out().resolve("oci")) : null;
        runner.startServer(key == null ? null : key.authorizedKeys());
        SweepClients clients = new SweepClients(runner, config.plan(), config.topology().serverAddress(),
                config.perRun(), config.volume(), config.pieceSize(), key);
        if (key != null && config.direction() == Direction.RESTORE) {
            lab.reconfigure(lab.spec().withCell(0, 0, config.direction()));
            clients.seedObjects();
        }
        List<Path> results = new ArrayList<>();
        int failures = 0;
        for (SweepPlan.Cell cell : config.plan().cells()) {
            lab.reconfigure(lab.spec().withCell(cell.rttMs(), cell.lossPct(), config.direction()));
            Thread.sleep(Math.max(200, (long) (cell.rttMs() * 2)));
            for (int r = 1; r <= config.runs(); r++) {
                for (String kind : config.objstore() ? List.of("bulk", "objstore") : List.of("bulk")) {
                    Path json = one(runner, clients, kind, cell, r);
                    if (json != null) {
                        results.add(json);
                    } else {
                        failures++;
                    }
                    lab.checkHealthy();
                }
            }
        }
        return new Outcome(results, failures, lab.describeCounters());
    }

    /** One run of {@code kind} in {@code cell}: its result file, or null when it failed (said and streamed). */
    private Path one(SweepRunner runner, SweepClients clients, String kind, SweepPlan.Cell cell, int r)
            throws Exception {
        try {
            Path json = clients.run(kind, cell, r);
            ObjectNode doc = runner.annotate(json, cell);
            progress.finished(cell, r, kind, doc);
            if (stream != null) {
                stream.event("run", doc);
            }
            return json;
        } catch (LabException e) {
            progress.failed(cell, r, kind, e.getMessage());
            if (stream != null) {
                stream.event("run_failed", Json.object().put("rtt_ms", cell.rttMs()).put("loss_pct", cell.lossPct())
                        .put("run", r).put("kind", kind).put("error", e.getMessage()));
            }
            return null;
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // the JVM is exiting; lab status reports a state whose process is gone as stale
        }
    }
}
