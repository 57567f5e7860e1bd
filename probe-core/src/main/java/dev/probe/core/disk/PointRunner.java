package dev.probe.core.disk;

import dev.probe.core.result.LatencyStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import org.HdrHistogram.Histogram;

/**
 * Measures one load point: {@code outstanding} workers, each with its own channel and aligned buffer, doing
 * synchronous I/Os back to back (fio's {@code ioengine=psync numjobs=N}) for the point's length, each I/O timed
 * into the worker's own read or write histogram (merged after the point, so nothing is shared on the hot path).
 */
final class PointRunner {
    private static final long MAX_NANOS = Duration.ofMinutes(10).toNanos();
    private final TestFile file;
    /** When the running point's workers stop (nanoTime); read by every worker before each I/O. */
    private volatile long stopAt;

    PointRunner(TestFile file) {
        this.file = file;
    }

    /** True when {@code w} runs with direct I/O on this file (its size a whole number of blocks). */
    boolean direct(Workload w) {
        return file.direct() && w.ioSize() % file.block() == 0;
    }

    LoadPoint run(Workload w, int outstanding, Duration length) throws InterruptedException {
        List<Worker> workers = new ArrayList<>();
        long blocks = file.size() / w.ioSize();
        for (int i = 0; i < outstanding; i++) {
            // sequential workers each walk a region of their own, as ORION's and fio's streams do
            long first = blocks * i / outstanding;
            long count = Math.max(1, blocks * (i + 1) / outstanding - first);
            workers.add(new Worker(w, first, count, i));
        }
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (Worker worker : workers) {
            Thread t = new Thread(() -> worker.run(go), "probe-disk-" + w.name());
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        long start = System.nanoTime();
        stopAt = start + length.toNanos();
        go.countDown();
        try {
            for (Thread t : threads) {
                t.join();
            }
        } catch (InterruptedException e) {
            // stopped (the client of a remote check went away): the workers end after their current I/O
            stopAt = 0;
            for (Thread t : threads) {
                t.join(10_000);
            }
            throw e;
        }
        long end = workers.stream().mapToLong(x -> x.finished).max().orElse(System.nanoTime());
        Histogram reads = new Histogram(MAX_NANOS, 3);
        Histogram writes = new Histogram(MAX_NANOS, 3);
        for (Worker worker : workers) {
            if (worker.failure != null) {
                throw worker.failure;
            }
            reads.add(worker.reads);
            writes.add(worker.writes);
        }
        return new LoadPoint(w.name(), w.ioSize(), outstanding, (end - start) / 1e9, reads.getTotalCount(),
                writes.getTotalCount(), LatencyStats.of(reads), LatencyStats.of(writes), direct(w));
    }

    /** One worker: its channel, buffer, offsets and histograms. */
    private final class Worker {
        final Workload w;
        final long firstBlock;
        final long blocks;
        final SplittableRandom random;
        final Histogram reads = new Histogram(MAX_NANOS, 3);
        final Histogram writes = new Histogram(MAX_NANOS, 3);
        volatile long finished;
        volatile UncheckedIOException failure;

        Worker(Workload w, long firstBlock, long blocks, int seed) {
            this.w = w;
            this.firstBlock = firstBlock;
            this.blocks = blocks;
            this.random = new SplittableRandom(System.nanoTime() + seed);
        }

        void run(CountDownLatch go) {
            try (FileChannel ch = file.open(direct(w), w.readPct() < 100)) {
                ByteBuffer buf = file.buffer(w.ioSize());
                TestFile.random(buf, w.ioSize());
                long totalBlocks = file.size() / w.ioSize();
                long next = firstBlock;
                go.await();
                long now = System.nanoTime();
                do { // one I/O at least: a worker a busy host ran after the point's end still measures its size
                    long block;
                    if (w.random()) {
                        block = random.nextLong(totalBlocks);
                    } else {
                        block = next;
                        next = next + 1 < firstBlock + blocks ? next + 1 : firstBlock;
                    }
                    long offset = block * w.ioSize();
                    boolean read = w.drawsRead(random);
                    buf.clear().limit(w.ioSize());
                    if (read) {
                        while (buf.hasRemaining() && ch.read(buf, offset + buf.position()) >= 0) {
                            // a positional read returns short only at the end of the file, which no offset reaches
                        }
                    } else {
                        while (buf.hasRemaining()) {
                            ch.write(buf, offset + buf.position());
                        }
                        if (w.syncEach()) {
                            ch.force(false);
                        }
                    }
                    long done = System.nanoTime();
                    (read ? reads : writes).recordValue(Math.min(MAX_NANOS, done - now));
                    now = done;
                } while (now < stopAt);
                finished = now;
            } catch (IOException e) {
                failure = new UncheckedIOException(file.path() + ": " + e.getMessage(), e);
                finished = System.nanoTime();
            } catch (RuntimeException e) {
                failure = new UncheckedIOException(file.path() + ": " + e, new IOException(e));
                finished = System.nanoTime();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                finished = System.nanoTime();
            }
        }
    }
}
