package dev.probe.core.disk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs a disk check in one directory: creates and fills the test file, runs each profile's points (redo: each
 * size once, one writer; oltp: the ladder until the latency bound is passed; dss: each 1 MiB workload's ladder
 * until saturated), passes each point to {@code points} as it is measured, and removes the file (unless kept).
 *
 * <pre>{@code
 * DiskResult r = new DiskCheck(Path.of("/u02/oradata"), params).run(point -> console.print(point));
 * }</pre>
 */
public final class DiskCheck {
    /** The redo write sizes: Oracle's redo block, a 4 KiB block, and typical log writer writes. */
    public static final int[] REDO_SIZES = {512, 4096, 32 * 1024, 256 * 1024, 1 << 20};
    private final Path dir;
    private final DiskParams params;

    public DiskCheck(Path dir, DiskParams params) {
        this.dir = dir;
        this.params = params;
    }

    /** The most points {@code params} can measure (ladders may stop sooner): what the run's length is bounded by. */
    public static int maxPoints(DiskParams params) {
        int ladder = Ladder.steps(params.maxOutstanding()).size();
        return (params.has(Profile.REDO) ? REDO_SIZES.length : 0) + (params.has(Profile.OLTP) ? ladder : 0)
                + (params.has(Profile.DSS) ? Workload.dss().length * ladder : 0);
    }

    /** The checks made before anything is written (directory, free space, block size, storage kind). */
    public void check() throws IOException {
        TestFile.check(dir, params.size(), params.buffered());
    }

    public DiskResult run(Consumer<LoadPoint> points) throws IOException, InterruptedException {
        Instant startedAt = Instant.now();
        String fsType = Files.isDirectory(dir) ? Files.getFileStore(dir).type() : "?";
        List<LoadPoint> all = new ArrayList<>();
        Consumer<LoadPoint> keep = p -> {
            all.add(p);
            points.accept(p);
        };
        int block;
        try (TestFile file = TestFile.create(dir, params.size(), params.buffered(), params.keep())) {
            block = file.block();
            PointRunner runner = new PointRunner(file);
            if (params.has(Profile.REDO)) {
                for (int size : REDO_SIZES) {
                    keep.accept(runner.run(Workload.redo(size), 1, params.point()));
                }
            }
            if (params.has(Profile.OLTP)) {
                double bound = params.maxLatency().toNanos() / 1e6;
                for (int n : Ladder.steps(params.maxOutstanding())) {
                    LoadPoint p = runner.run(Workload.oltp(params.readPct()), n, params.point());
                    keep.accept(p);
                    if (Ladder.overBound(p, bound)) {
                        break;
                    }
                }
            }
            if (params.has(Profile.DSS)) {
                for (Workload w : Workload.dss()) {
                    List<LoadPoint> ladder = new ArrayList<>();
                    for (int n : Ladder.steps(params.maxOutstanding())) {
                        LoadPoint p = runner.run(w, n, params.point());
                        ladder.add(p);
                        keep.accept(p);
                        if (Ladder.saturated(ladder)) {
                            break;
                        }
                    }
                }
            }
        }
        return new DiskResult(startedAt, dir.toAbsolutePath().normalize().toString(), fsType, block, params, all);
    }
}
