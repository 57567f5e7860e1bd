package dev.probe.core.redo;

import dev.probe.core.server.ServerLog;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The server's standby redo logs for {@code --write} tests: ring files beside {@code --file}, each written through
 * once (random bytes, forced) before its first use and then reused in place by later connections, as a standby's
 * preallocated redo log groups are. A file that grows as it is written commits its size and extents with every
 * {@code fdatasync}; measured here that doubled the 32 KiB write time (0.21 against 0.10 ms), so the AFFIRM share
 * would not be a standby redo log write's. One ring per connection writing at a time, at most {@link #MAX_RINGS};
 * all removed on close.
 */
final class RedoLogs implements AutoCloseable {
    private static final int FILL = 1 << 20;
    /** Most rings at once: each costs --file-size on disk, written through once. */
    static final int MAX_RINGS = 8;
    private final Path base;
    private final long size;
    private final Deque<Path> free = new ArrayDeque<>();
    private final Set<Path> prepared = new HashSet<>();
    private final List<Path> made = new ArrayList<>();

    RedoLogs(Path base, long size) {
        this.base = base;
        this.size = size;
    }

    /** A ring for one connection: a free one, a new name (prepared by {@link #prepare}), or null when all are taken. */
    synchronized Path take() {
        Path ring = free.poll();
        if (ring == null) {
            if (made.size() >= MAX_RINGS) {
                return null;
            }
            ring = base.resolveSibling(base.getFileName() + ".log" + made.size());
            made.add(ring);
        }
        return ring;
    }

    /** Gives {@code ring} back for a later connection (its writes done). */
    synchronized void give(Path ring) {
        free.push(ring);
    }

    long size() {
        return size;
    }

    /** Writes {@code ring} through once, forced, unless done before; on the disk thread, before READY. */
    void prepare(Path ring, ServerLog log) throws IOException {
        synchronized (this) {
            if (prepared.contains(ring)) {
                return;
            }
        }
        long t0 = System.nanoTime();
        ByteBuffer fill = ByteBuffer.allocateDirect(FILL);
        byte[] random = new byte[FILL];
        ThreadLocalRandom.current().nextBytes(random);
        fill.put(random);
        try (FileChannel f = FileChannel.open(ring, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long at = 0; at < size; at += FILL) {
                fill.clear().limit((int) Math.min(FILL, size - at));
                while (fill.hasRemaining()) {
                    f.write(fill, at + fill.position());
                }
            }
            f.force(true);
        } catch (IOException e) {
            Files.deleteIfExists(ring);
            throw new IOException("cannot preallocate the redo log " + ring + ": " + e.getMessage(), e);
        }
        synchronized (this) {
            prepared.add(ring);
        }
        log.log(String.format(Locale.ROOT, "redo log %s: %d MiB written through in %.1f s before its "
                + "first --write test (reused in place until the server stops)", ring, size >> 20,
                (System.nanoTime() - t0) / 1e9));
    }

    /** Removes every ring made (one that cannot be removed is left: the server is stopping). */
    @Override
    public synchronized void close() {
        for (Path ring : made) {
            try {
                Files.deleteIfExists(ring);
            } catch (IOException e) {
                // nothing to tell it to: the server's log is closing with it
            }
        }
    }
}
