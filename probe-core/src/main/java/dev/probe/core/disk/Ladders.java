package dev.probe.core.disk;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs a disk check's profiles on any storage that can measure a point (a local file, an NFS export from user
 * space): redo's write sizes once each with one writer, the oltp and slob ladders until the latency bound is passed,
 * each dss workload's ladder until saturated; every point goes to {@code points} as it is measured.
 */
public final class Ladders {
    /** The redo write sizes: Oracle's redo block, a 4 KiB block, and typical log writer writes. */
    public static final int[] REDO_SIZES = {512, 4096, 32 * 1024, 256 * 1024, 1 << 20};

    /** Measures one point: {@code outstanding} I/Os of {@code w} kept in flight for {@code length}. */
    @FunctionalInterface
    public interface PointSource {
        LoadPoint run(Workload w, int outstanding, Duration length) throws IOException, InterruptedException;
    }

    private Ladders() {
    }

    /** The most points {@code params} can measure (ladders may stop sooner): what the run's length is bounded by. */
    public static int maxPoints(DiskParams params) {
        int ladder = Ladder.steps(params.maxOutstanding()).size();
        return (params.has(Profile.REDO) ? REDO_SIZES.length : 0) + (params.has(Profile.OLTP) ? ladder : 0)
                + (params.has(Profile.SLOB) ? ladder : 0)
                + (params.has(Profile.DSS) ? Workload.dss().length * ladder : 0);
    }

    /** Runs every profile of {@code params} on {@code source}. */
    public static void run(DiskParams params, PointSource source, Consumer<LoadPoint> points)
            throws IOException, InterruptedException {
        if (params.has(Profile.REDO)) {
            for (int size : REDO_SIZES) {
                points.accept(source.run(Workload.redo(size), 1, params.point()));
            }
        }
        if (params.has(Profile.OLTP)) {
            bounded(params, source, Workload.oltp(params.readPct()), points);
        }
        if (params.has(Profile.SLOB)) {
            bounded(params, source, Workload.slob(), points);
        }
        if (params.has(Profile.DSS)) {
            for (Workload w : Workload.dss()) {
                List<LoadPoint> ladder = new ArrayList<>();
                for (int n : Ladder.steps(params.maxOutstanding())) {
                    LoadPoint p = source.run(w, n, params.point());
                    ladder.add(p);
                    points.accept(p);
                    if (Ladder.saturated(ladder)) {
                        break;
                    }
                }
            }
        }
    }

    private static void bounded(DiskParams params, PointSource source, Workload w, Consumer<LoadPoint> points)
            throws IOException, InterruptedException {
        double bound = params.maxLatency().toNanos() / 1e6;
        for (int n : Ladder.steps(params.maxOutstanding())) {
            LoadPoint p = source.run(w, n, params.point());
            points.accept(p);
            if (Ladder.overBound(p, bound)) {
                break;
            }
        }
    }
}
