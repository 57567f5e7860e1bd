package dev.probe.core.nfs;

import com.sun.management.OperatingSystemMXBean;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.disk.Workload;
import dev.probe.core.result.LatencyStats;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Recorder;

/**
 * Load points over NFS as Direct NFS makes them: {@code outstanding} I/Os kept in flight, slot k on connection
 * k mod N, each slot issuing its next I/O as its last completes, for the point's length; I/Os at random aligned
 * offsets or sequentially through a region of the slot's own, the workload's share of them READs, the WRITEs
 * unstable (redo's: data-sync, as a synchronous write must be) and made of random bytes no server can compress.
 * An I/O whose connection is lost, or that has no reply within the I/O timeout, takes its path out and is issued
 * again on a surviving one (its latency counted from the first issue, as the database waited). Every round trip
 * goes into a wait-free recorder, reads and writes apart.
 */
public final class NfsLoad {
    private final NfsLinks links;
    private final byte[] file;
    private final long fileSize;
    private final Duration ioTimeout;
    private final int maxTransfer;
    private volatile double cpuSeconds;

    /**
     * Load on {@code file} ({@code fileSize} bytes, already written) over {@code links}; an I/O larger than
     * {@code maxTransfer} (the server's rtmax and wtmax) goes as that many READs or WRITEs at once, as a client must.
     */
    public NfsLoad(NfsLinks links, byte[] file, long fileSize, Duration ioTimeout, int maxTransfer) {
        this.links = links;
        this.file = file;
        this.fileSize = fileSize;
        this.ioTimeout = ioTimeout;
        this.maxTransfer = maxTransfer;
    }

    /** Runs one point. */
    public LoadPoint run(Workload w, int outstanding, Duration length) throws InterruptedException {
        long blocks = fileSize / w.ioSize();
        if (blocks < 1) {
            throw new IllegalArgumentException("a file of " + fileSize + " bytes holds no " + w.ioSize() + "-byte I/O");
        }
        byte[] noise = new byte[w.ioSize()];
        ThreadLocalRandom.current().nextBytes(noise);
        Shared s = new Shared(w, Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(noise)), blocks,
                System.nanoTime() + length.toNanos());
        long cpuStart = processCpuNanos();
        long start = System.nanoTime();
        CompletableFuture<?>[] slots = new CompletableFuture<?>[outstanding];
        for (int k = 0; k < outstanding; k++) {
            Slot slot = new Slot(s, k, blocks * k / outstanding, Math.max(1, blocks / outstanding), outstanding);
            slots[k] = slot.done;
            slot.next();
        }
        try {
            CompletableFuture.allOf(slots).get(length.toMillis() + 4 * ioTimeout.toMillis() + 10_000,
                    TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RpcException r ? r : new RpcException(String.valueOf(e.getCause()));
        } catch (TimeoutException e) {
            throw new RpcException("I/Os still outstanding long after the point's end");
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        cpuSeconds = cpuStart < 0 ? Double.NaN : (processCpuNanos() - cpuStart) / 1e9;
        return new LoadPoint(w.name(), w.ioSize(), outstanding, seconds, s.reads.get(), s.writes.get(),
                LatencyStats.of(s.readNanos.getIntervalHistogram()), LatencyStats.of(s.writeNanos
                        .getIntervalHistogram()),
                true);
    }

    /** The CPU this whole process spent during the last point (every thread: the client's cost), NaN if unknown. */
    public double lastCpuSeconds() {
        return cpuSeconds;
    }

    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os ? os.getProcessCpuTime()
                : -1;
    }

    /** What every slot of one point shares: the workload, the bytes written, the end and the counters. */
    private static final class Shared {
        final Workload w;
        final ByteBuf data;
        final long blocks;
        final long end;
        final Recorder readNanos = new Recorder(3);
        final Recorder writeNanos = new Recorder(3);
        final AtomicLong reads = new AtomicLong();
        final AtomicLong writes = new AtomicLong();

        Shared(Workload w, ByteBuf data, long blocks, long end) {
            this.w = w;
            this.data = data;
            this.blocks = blocks;
            this.end = end;
        }
    }

    /** One I/O slot: issues its next I/O as the last completes, until the point's end. */
    private final class Slot {
        final CompletableFuture<Void> done = new CompletableFuture<>();
        private final Shared s;
        private final int k;
        private final long first;
        private final long count;
        private final SplittableRandom random;
        private long at;

        Slot(Shared s, int k, long first, long count, int outstanding) {
            this.s = s;
            this.k = k;
            this.first = first;
            this.count = count;
            this.random = new SplittableRandom(ThreadLocalRandom.current().nextLong() + k * (long) outstanding);
        }

        void next() {
            long now = System.nanoTime();
            if (now >= s.end) {
                done.complete(null);
                return;
            }
            long block = s.w.random() ? random.nextLong(s.blocks) : first + (at++ % count);
            boolean read = s.w.drawsRead(random);
            issue(block * s.w.ioSize(), read, now);
        }

        private void issue(long offset, boolean read, long since) {
            RpcConnection c = links.live(k);
            if (c == null) {
                done.completeExceptionally(new ConnectionLostException(links.allDown()));
                return;
            }
            CompletableFuture<?> io;
            if (s.w.ioSize() <= maxTransfer) {
                io = transfer(c, offset, 0, s.w.ioSize(), read);
            } else {
                CompletableFuture<?>[] parts = new CompletableFuture<?>[(s.w.ioSize() + maxTransfer - 1) / maxTransfer];
                for (int i = 0; i < parts.length; i++) {
                    int at = i * maxTransfer;
                    parts[i] = transfer(c, offset, at, Math.min(maxTransfer, s.w.ioSize() - at), read);
                }
                io = CompletableFuture.allOf(parts);
            }
            io.orTimeout(ioTimeout.toMillis(), TimeUnit.MILLISECONDS).whenComplete((r, e) -> {
                Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
                if (cause == null) {
                    (read ? s.readNanos : s.writeNanos).recordValue(Math.max(1, System.nanoTime() - since));
                    (read ? s.reads : s.writes).incrementAndGet();
                    next();
                } else if (cause instanceof TimeoutException || cause instanceof ConnectionLostException) {
                    links.pathDown(c, cause instanceof TimeoutException
                            ? "no reply within the I/O timeout of " + ioTimeout.toMillis() + " ms" : cause
                                    .getMessage());
                    links.reissued();
                    issue(offset, read, since);
                } else {
                    done.completeExceptionally(cause);
                }
            });
        }

        private CompletableFuture<?> transfer(RpcConnection c, long offset, int at, int length, boolean read) {
            return read ? Nfs3Files.read(c, file, offset + at, length, d -> {})
                    : Nfs3Files.write(c, file, offset + at, s.data.slice(at, length),
                            s.w.syncEach() ? Nfs3Files.Stable.DATA_SYNC : Nfs3Files.Stable.UNSTABLE);
        }
    }
}
