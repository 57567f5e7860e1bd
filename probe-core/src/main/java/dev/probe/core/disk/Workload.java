package dev.probe.core.disk;

import java.util.SplittableRandom;

/**
 * What each worker of a load point does: I/Os of {@code ioSize} bytes, at random block-aligned offsets or
 * sequentially through a region of its own, {@code readPct} of them reads, and, with {@code syncEach}, every write
 * followed by {@code fdatasync} (the server's {@code --write}, fio's {@code fdatasync=1}).
 */
public record Workload(String name, int ioSize, boolean random, int readPct, boolean syncEach) {

    /** The study's SLOB-like OLTP mix: 80 % SELECT, 20 % UPDATE, as 8 KiB random I/Os, 80 % of them reads. */
    public static final int SLOB_READ_PCT = 80;

    /** Whether the next I/O is a read: always at 100 %, never at 0, else {@code readPct} in 100 draws. */
    public boolean drawsRead(SplittableRandom random) {
        return readPct == 100 || readPct > 0 && random.nextInt(100) < readPct;
    }

    static Workload redo(int size) {
        return new Workload("redo", size, false, 0, true);
    }

    static Workload oltp(int readPct) {
        return new Workload("oltp", 8192, true, readPct, false);
    }

    static Workload slob() {
        return new Workload("slob", 8192, true, SLOB_READ_PCT, false);
    }

    /** The dss workloads: 1 MiB sequential and random, reads and writes. */
    static Workload[] dss() {
        int mib = 1 << 20;
        return new Workload[] {new Workload("seq-read", mib, false, 100, false),
                new Workload("seq-write", mib, false, 0, false), new Workload("rand-read", mib, true, 100, false),
                new Workload("rand-write", mib, true, 0, false)};
    }
}
