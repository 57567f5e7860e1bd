package dev.probe.core.server;

import dev.probe.core.error.UsageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The bytes a server may keep under one directory ({@code server --dir}, the endpoint's file store), across runs
 * and kinds: stored backup pieces, disk-check files, object blobs. It starts from what the directory holds, and
 * every writer reserves before it writes and releases what it deletes; a reservation over {@code max} is refused
 * with a message naming {@code --disk-max-size}. Thread-safe.
 */
public final class SpaceBudget {
    private final Path dir;
    private final long max;
    private long used;

    private SpaceBudget(Path dir, long max, long used) {
        this.dir = dir;
        this.max = max;
        this.used = used;
    }

    /** A budget of {@code max} bytes for {@code dir}, counting the regular files already in it. */
    public static SpaceBudget of(Path dir, long max) {
        if (max < 0) {
            throw new UsageException("--disk-max-size " + max + " must not be negative");
        }
        return new SpaceBudget(dir, max, sizeOf(dir));
    }

    /** The bytes of the regular files under {@code dir} (0 when it does not exist). */
    static long sizeOf(Path dir) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(SpaceBudget::size).sum();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir + ": " + e.getMessage(), e);
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0; // removed meanwhile
        }
    }

    public Path dir() {
        return dir;
    }

    /** True when {@code path} lies under this budget's directory. */
    public boolean covers(Path path) {
        return path.toAbsolutePath().normalize().startsWith(dir.toAbsolutePath().normalize());
    }

    /**
     * Reserves {@code bytes} for {@code what}; null when granted, else the refusal (nothing reserved), naming
     * {@code --disk-max-size}.
     */
    public synchronized String reserve(long bytes, String what) {
        if (bytes < 0 || bytes > max - used) {
            return String.format("%s needs %,d bytes, and %s holds %,d of its --disk-max-size of %,d", what, bytes, dir,
                    used, max);
        }
        used += bytes;
        return null;
    }

    /** Gives back {@code bytes} (a file deleted, a reservation not used). */
    public synchronized void release(long bytes) {
        used = Math.max(0, used - bytes);
    }

    /** The bytes counted now. */
    public synchronized long used() {
        return used;
    }

    public long max() {
        return max;
    }
}
