package dev.probe.cli.lab;

import dev.probe.core.lab.SweepCampaign;
import dev.probe.core.lab.SweepPlan;
import dev.probe.core.objstore.endpoint.ApiKey;
import dev.probe.core.params.Direction;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The client command lines of a sweep's runs, each started as a process by the {@link SweepRunner}: bulk over the
 * probe protocol, objstore through the OCI SDK.
 */
final class SweepClients {
    /** Each run's shape: a volume (then {@code perRun} is unused) or a duration, and the piece size. */
    record Shape(Duration perRun, Long volume, long pieceSize, long dbSize) {
    }

    private static final String SEED_PREFIX = "sweep-seed/";
    private static final String SEED_RUN = "sweepseed";
    private static final long MAX_PART = 16L * 1024 * 1024;
    private final SweepRunner runner;
    private final SweepPlan plan;
    private final String server;
    private final Duration duration;
    private final Long volume;
    private final long pieceSize;
    private final long dbSize;
    private final ApiKey key;

    SweepClients(SweepRunner runner, SweepPlan plan, String server, Shape shape, ApiKey key) {
        this.runner = runner;
        this.plan = plan;
        this.server = server;
        this.duration = shape.perRun();
        this.volume = shape.volume();
        this.pieceSize = volume != null ? Math.min(shape.pieceSize(), volume) : shape.pieceSize();
        this.dbSize = shape.dbSize();
        this.key = key;
    }

    /** Runs one {@code kind} run of {@code cell}; returns its result file. */
    Path run(SweepCampaign.Kind kind, SweepPlan.Cell cell, int run) throws IOException, InterruptedException {
        String label = kind.wireName() + "-" + plan.direction().wireName() + "-" + cell.label() + "-run" + run;
        List<String> args = new ArrayList<>();
        if (kind == SweepCampaign.Kind.BULK) {
            args.addAll(List.of("bulk", server, "--port", String.valueOf(SweepRunner.PORT), "--timeout", "300s",
                    "--direction",
                    plan.direction().wireName(), "--congestion", "cubic", "--run-id", label));
        } else {
            args.addAll(objstore(plan.direction()));
            if (plan.direction() == Direction.RESTORE) {
                args.addAll(List.of("--prefix", SEED_PREFIX, "--run-id", SEED_RUN, "--keep"));
            } else {
                args.addAll(List.of("--run-id", label));
            }
        }
        args.addAll(List.of("--channels", String.valueOf(plan.channels()), "--piece-size", String.valueOf(pieceSize),
                "--interval", "5s", "--db-size", String.valueOf(dbSize)));
        if (volume != null) {
            args.addAll(List.of("--volume", String.valueOf(volume)));
        } else {
            args.addAll(List.of("--duration", duration.toMillis() + "ms"));
        }
        return runner.runClient(label, args);
    }

    /** For an objstore restore sweep: one unimpaired backup that leaves a piece per channel to read back. */
    void seedObjects() throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(objstore(Direction.BACKUP));
        args.addAll(List.of("--prefix", SEED_PREFIX, "--run-id", SEED_RUN, "--keep", "--channels",
                String.valueOf(plan.channels()), "--piece-size", String.valueOf(pieceSize), "--volume",
                String.valueOf(pieceSize * plan.channels())));
        runner.runClient("objstore-seed", args);
    }

    private List<String> objstore(Direction direction) {
        return new ArrayList<>(List.of("objstore", direction.wireName(), "--endpoint", "http://" + server + ":"
                + SweepRunner.OBJECTSTORE_PORT, "--namespace", "probe", "--bucket", SweepRunner.BUCKET, "--config",
                key.config().toString(), "--part-size", String.valueOf(Math.min(pieceSize, MAX_PART))));
    }
}
