package dev.probe.core.payload;

import dev.probe.core.protocol.BadParameterException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A user's file as a run's content ({@code file:PATH}): its bytes in order, looped, with the first 8 bytes of
 * every 512-byte block replaced by a stamp of (seed, stream, block), as a redo block's header carries its log
 * sequence and block number. A compressor sees the file's own redundancy; a deduplicator sees no block twice,
 * neither within a run (across loops) nor between runs. Read with positional reads, so the file is not held.
 */
final class FileContent implements Content {
    static final int STAMP_EVERY = 512;
    private final Path path;
    private final FileChannel file;
    private final long size;
    private final long seed;
    private final long stride;

    private FileContent(Path path, FileChannel file, long size, long seed, long stride) {
        this.path = path;
        this.file = file;
        this.size = size;
        this.seed = seed;
        this.stride = stride;
    }

    /** Opens {@code path}; a missing, unreadable or empty file is a {@link BadParameterException} naming payload. */
    static FileContent open(Path path, long seed, long stride) {
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw new BadParameterException("payload", "file:" + path + " is not a readable file");
        }
        try {
            FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
            long size = channel.size();
            if (size == 0) {
                channel.close();
                throw new BadParameterException("payload", "file:" + path + " is empty");
            }
            return new FileContent(path, channel, size, seed, stride);
        } catch (IOException e) {
            throw new BadParameterException("payload", "file:" + path + " cannot be read: " + e.getMessage());
        }
    }

    @Override
    public boolean derivable() {
        return false;
    }

    @Override
    public void fill(ByteBuffer out, long stream, long offset) {
        int start = out.position();
        long logical = stream * stride + offset;
        try {
            while (out.hasRemaining()) {
                long at = (logical + out.position() - start) % size;
                int n = (int) Math.min(out.remaining(), size - at);
                ByteBuffer part = out.duplicate();
                part.limit(part.position() + n);
                while (part.hasRemaining()) {
                    if (file.read(part, at + part.position() - out.position()) < 0) {
                        throw new IOException("file:" + path + " shrank while in use");
                    }
                }
                out.position(out.position() + n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        stamp(out, start, stream, logical);
    }

    /** Overwrites the stamp bytes of every 512-byte block that falls (in part) in {@code [start, out.position())}. */
    private void stamp(ByteBuffer out, int start, long stream, long logical) {
        int end = out.position();
        long first = logical / STAMP_EVERY;
        long last = (logical + end - start - 1) / STAMP_EVERY;
        for (long b = first; b <= last; b++) {
            long stamp = Content.mix(seed ^ Content.mix(stream + 0x9E3779B97F4A7C15L) ^ b * 0xC2B2AE3D27D4EB4FL);
            long blockStart = b * STAMP_EVERY - logical + start;
            for (int i = 0; i < 8; i++) {
                long at = blockStart + i;
                if (at >= start && at < end) {
                    out.put((int) at, (byte) (stamp >>> (i << 3)));
                }
            }
        }
    }

    @Override
    public void close() {
        try {
            file.close();
        } catch (IOException ignored) {
            // read-only: nothing to lose
        }
    }
}
