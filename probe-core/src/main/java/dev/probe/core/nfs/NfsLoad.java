package dev.probe.core.nfs;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One load point over NFS as Direct NFS makes it: {@code outstanding} I/Os kept in flight, slot k on connection
 * k mod N, each slot issuing its next I/O as its last completes, for the point's length; I/Os of {@code ioSize} bytes
 * at random aligned offsets or sequentially through a region of the slot's own, {@code readPct} of them READs, the
 * WRITEs unstable (as dNFS writes, the database's own sync being the COMMIT or a file-sync write elsewhere) and made of
 * random bytes no server can compress. Every I/O's round trip goes into a wait-free recorder.
 */
public final class NfsLoad {
    /**
     * What a point measured.
     *
     * @param ioSize      bytes per I/O
     * @param connections TCP connections the I/Os went over
     * @param outstanding I/Os kept in flight
     * @param seconds     how long it ran
     * @param reads       READs completed
     * @param writes      WRITEs completed
     * @param latency     every I/O's round trip, nanoseconds
     */
    public record Point(int ioSize, int connections, int outstanding, double seconds, long reads, long writes,
                        Histogram latency) {
        public double iops() {
            return (reads + writes) / seconds;
        }

        /** Bytes moved per second, in 10^6. */
        public double mbps() {
            return (reads + writes) * (double) ioSize / seconds / 1e6;
        }

        public double p50Ms() {
            return latency.getValueAtPercentile(50) / 1e6;
        }

        public double p99Ms() {
            return latency.getValueAtPercentile(99) / 1e6;
        }
    }

    /**
     * What each slot does.
     *
     * @param ioSize  bytes per I/O (at most the server's rtmax and wtmax)
     * @param random  random aligned offsets, or sequential through the slot's region
     * @param readPct the share of READs, 0 to 100
     */
    public record Workload(int ioSize, boolean random, int readPct) {
        public Workload {
            if (ioSize < 512 || ioSize > (64 << 20) || readPct < 0 || readPct > 100) {
                throw new IllegalArgumentException("a workload of " + ioSize + "-byte I/Os, " + readPct + " % reads");
            }
        }
    }

    private NfsLoad() {
    }

    /**
     * Runs one point on {@code file} ({@code fileSize} bytes, already written) over {@code connections}, which must
     * take replies of the I/O size plus a few hundred bytes of headers (their {@code maxRecord}).
     */
    public static Point run(List<RpcConnection> connections, byte[] file, long fileSize, Workload w, int outstanding,
                            Duration length) throws InterruptedException {
        long blocks = fileSize / w.ioSize();
        if (blocks < 1) {
            throw new IllegalArgumentException("a file of " + fileSize + " bytes holds no " + w.ioSize() + "-byte I/O");
        }
        byte[] noise = new byte[w.ioSize()];
        ThreadLocalRandom.current().nextBytes(noise);
        ByteBuf data = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(noise));
        Recorder recorder = new Recorder(3);
        AtomicLong reads = new AtomicLong();
        AtomicLong writes = new AtomicLong();
        long start = System.nanoTime();
        long end = start + length.toNanos();
        CompletableFuture<?>[] slots = new CompletableFuture<?>[outstanding];
        for (int k = 0; k < outstanding; k++) {
            Slot s = new Slot(connections.get(k % connections.size()), file, w, data, blocks * k / outstanding,
                    Math.max(1, blocks / outstanding), blocks, end, recorder, reads, writes, new SplittableRandom(k));
            slots[k] = s.done;
            s.next();
        }
        try {
            CompletableFuture.allOf(slots).get(length.toMillis() + 60_000, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RpcException r ? r : new RpcException(String.valueOf(e.getCause()));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new RpcException("I/Os still outstanding a minute after the point's end");
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Point(w.ioSize(), connections.size(), outstanding, seconds, reads.get(), writes.get(),
                recorder.getIntervalHistogram());
    }

    /** One I/O slot: issues its next I/O as the last completes, until the point's end. */
    private static final class Slot {
        final CompletableFuture<Void> done = new CompletableFuture<>();
        private final RpcConnection conn;
        private final byte[] file;
        private final Workload w;
        private final ByteBuf data;
        private final long first;
        private final long count;
        private final long blocks;
        private final long end;
        private final Recorder recorder;
        private final AtomicLong reads;
        private final AtomicLong writes;
        private final SplittableRandom random;
        private long at;

        Slot(RpcConnection conn, byte[] file, Workload w, ByteBuf data, long first, long count, long blocks, long end,
             Recorder recorder, AtomicLong reads, AtomicLong writes, SplittableRandom random) {
            this.conn = conn;
            this.file = file;
            this.w = w;
            this.data = data;
            this.first = first;
            this.count = count;
            this.blocks = blocks;
            this.end = end;
            this.recorder = recorder;
            this.reads = reads;
            this.writes = writes;
            this.random = random;
        }

        void next() {
            long now = System.nanoTime();
            if (now >= end) {
                done.complete(null);
                return;
            }
            long block = w.random() ? random.nextLong(blocks) : first + (at++ % count);
            long offset = block * w.ioSize();
            boolean read = random.nextInt(100) < w.readPct();
            CompletableFuture<?> io = read
                    ? Nfs3Files.read(conn, file, offset, w.ioSize(), d -> { })
                    : Nfs3Files.write(conn, file, offset, data.duplicate(), Nfs3Files.Stable.UNSTABLE);
            io.whenComplete((r, e) -> {
                if (e != null) {
                    done.completeExceptionally(e instanceof java.util.concurrent.CompletionException
                            && e.getCause() != null ? e.getCause() : e);
                    return;
                }
                recorder.recordValue(Math.max(1, System.nanoTime() - now));
                (read ? reads : writes).incrementAndGet();
                next();
            });
        }
    }
}
