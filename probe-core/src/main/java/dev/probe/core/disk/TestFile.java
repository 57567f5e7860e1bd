package dev.probe.core.disk;

import com.sun.nio.file.ExtendedOpenOption;
import dev.probe.core.protocol.BadParameterException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The file a disk check reads and writes: {@code size} bytes in {@code dir}, written through once with random
 * content (no sparse reads, nothing a compressing device could shrink), opened with direct I/O so the page cache
 * does not flatter the figures (buffers aligned to the file system's block size, which is also every offset's
 * and length's unit). Removed on {@link #close()} unless kept.
 */
final class TestFile implements AutoCloseable {
    private static final int FILL = 1 << 20;
    /** File systems in memory that still accept O_DIRECT (ramfs refuses it, and is caught when the file opens). */
    private static final Set<String> MEMORY = Set.of("tmpfs");
    private final Path path;
    private final long size;
    private final int block;
    private final boolean direct;
    private final boolean keep;

    private TestFile(Path path, long size, int block, boolean direct, boolean keep) {
        this.path = path;
        this.size = size;
        this.block = block;
        this.direct = direct;
        this.keep = keep;
    }

    /**
     * Checks {@code dir} (a writable directory with room for {@code size}), then creates and fills the file; one
     * line naming the problem (as a {@link BadParameterException} of {@code dir} or {@code size}) when it cannot,
     * and nothing left behind.
     */
    static TestFile create(Path dir, long size, boolean buffered, boolean keep) throws IOException {
        FileStore store = check(dir, size, buffered);
        int block = (int) Math.max(512, store.getBlockSize());
        Path path = dir.resolve("probe-disk-" + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".dat");
        TestFile f = new TestFile(path, size, block, !buffered, keep);
        try {
            f.fill(store.type());
            return f;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(path);
            throw e;
        }
    }

    /**
     * The checks before anything is written: a writable directory, room for {@code size} in whole blocks, and
     * storage that direct I/O measures (a memory file system accepts O_DIRECT on recent kernels, and would report
     * RAM) unless {@code buffered}. Returns the directory's file store.
     */
    static FileStore check(Path dir, long size, boolean buffered) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new BadParameterException("dir", dir + " is not a directory");
        }
        if (!Files.isWritable(dir)) {
            throw new BadParameterException("dir", dir + " is not writable");
        }
        FileStore store = Files.getFileStore(dir);
        // a file system that reports no size at all (ramfs) cannot be checked ahead; a full one fails the fill
        if (store.getTotalSpace() > 0 && store.getUsableSpace() < size) {
            throw new BadParameterException("size", size + " bytes do not fit in " + dir + " (" + store.getUsableSpace()
                    + " bytes free)");
        }
        long block = Math.max(512, store.getBlockSize());
        if (size % block != 0) {
            throw new BadParameterException("size", size + " bytes is not a multiple of the file system's " + block
                    + "-byte block");
        }
        if (!buffered && MEMORY.contains(store.type())) {
            throw new BadParameterException("dir", dir + " is on " + store.type() + ", which keeps files in memory: "
                    + "direct I/O there measures RAM; --buffered runs anyway, every figure marked buffered");
        }
        return store;
    }

    private void fill(String fsType) throws IOException {
        Files.createFile(path);
        FileChannel ch;
        try {
            ch = open(direct, true);
        } catch (IOException | UnsupportedOperationException e) {
            throw new BadParameterException("dir", "direct I/O is refused on " + fsType + " at " + path.getParent()
                    + " (" + e.getMessage()
                    + "); --buffered runs through the page cache, every figure marked buffered");
        }
        try (ch) {
            ByteBuffer buf = buffer(FILL);
            for (long at = 0; at < size; at += FILL) {
                random(buf, (int) Math.min(FILL, size - at));
                while (buf.hasRemaining()) {
                    ch.write(buf, at + buf.position());
                }
            }
            ch.force(true);
        }
    }

    /** A channel of its own (one per worker, as fio's jobs each open the file); {@code direct} when asked and on. */
    FileChannel open(boolean direct, boolean write) throws IOException {
        List<OpenOption> options = new ArrayList<>(List.of(StandardOpenOption.READ));
        if (write) {
            options.add(StandardOpenOption.WRITE);
        }
        if (direct && this.direct) {
            options.add(ExtendedOpenOption.DIRECT);
        }
        return FileChannel.open(path, options.toArray(new OpenOption[0]));
    }

    /** A direct buffer of {@code length} bytes whose address is aligned to the block. */
    ByteBuffer buffer(int length) {
        int whole = (length + block - 1) / block * block;
        return ByteBuffer.allocateDirect(whole + block).alignedSlice(block).limit(length);
    }

    /** Fills {@code buf} (from 0 to {@code length}) with random bytes, ready to write. */
    static void random(ByteBuffer buf, int length) {
        buf.clear().limit(length);
        ThreadLocalRandom r = ThreadLocalRandom.current();
        while (buf.remaining() >= 8) {
            buf.putLong(r.nextLong());
        }
        while (buf.hasRemaining()) {
            buf.put((byte) r.nextInt());
        }
        buf.flip();
    }

    long size() {
        return size;
    }

    int block() {
        return block;
    }

    /** True when this file is read and written with direct I/O (sizes that are whole blocks). */
    boolean direct() {
        return direct;
    }

    Path path() {
        return path;
    }

    @Override
    public void close() throws IOException {
        if (!keep) {
            Files.deleteIfExists(path);
        }
    }
}
