package dev.probe.core.objstore.endpoint;

import dev.probe.core.server.SpaceBudget;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Blobs as real files under a directory, forced to disk when complete, within a {@link SpaceBudget}. The index of
 * objects is the endpoint's memory, so blob files an earlier run left (named as this store names them: a UUID)
 * cannot be indexed and are removed at start; other files are left alone.
 */
final class FileBlobs implements BlobStore {
    private static final Pattern BLOB = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private final Path dir;
    private final SpaceBudget space;
    private final long removedAtStart;

    /** The store in {@code dir}, counted in {@code shared} when it lies under that budget's directory, else in its own. */
    FileBlobs(Path dir, SpaceBudget shared, long max) throws IOException {
        this.dir = Files.createDirectories(dir);
        long removed = 0;
        try (Stream<Path> files = Files.list(this.dir)) {
            for (Path f : files.filter(f -> BLOB.matcher(f.getFileName().toString()).matches()).toList()) {
                long size = Files.size(f);
                if (Files.deleteIfExists(f)) {
                    removed += size;
                }
            }
        }
        this.removedAtStart = removed;
        if (shared != null && shared.covers(this.dir)) {
            shared.release(removed);
            this.space = shared;
        } else {
            this.space = SpaceBudget.of(this.dir, max);
        }
    }

    /** Bytes of blob files an earlier run left, removed at start. */
    long removedAtStart() {
        return removedAtStart;
    }

    private Path path(String key) {
        return dir.resolve(key);
    }

    @Override
    public Writer create(String key, Generated generated) throws IOException {
        Path file = path(key);
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        long[] size = {0};
        long[] reserved = {0};
        return new Writer() {
            @Override
            public void write(ByteBuf data) throws IOException {
                String full = space.reserve(data.readableBytes(), "object data");
                if (full != null) {
                    throw new OciError(HttpResponseStatus.INSUFFICIENT_STORAGE, "InsufficientStorage", full);
                }
                reserved[0] += data.readableBytes();
                for (ByteBuffer bb : data.nioBuffers()) {
                    while (bb.hasRemaining()) {
                        size[0] += ch.write(bb);
                    }
                }
                data.skipBytes(data.readableBytes());
            }

            @Override
            public Blob finish() throws IOException {
                ch.force(false);
                ch.close();
                return new Blob(key, size[0], null);
            }

            @Override
            public void abort() {
                try {
                    ch.close();
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // best effort: the upload failed anyway
                }
                space.release(reserved[0]);
            }
        };
    }

    @Override
    public ByteBuf read(Blob blob, long offset, int length, ByteBufAllocator alloc) throws IOException {
        try (FileChannel ch = FileChannel.open(path(blob.key()), StandardOpenOption.READ)) {
            ByteBuf buf = alloc.directBuffer(length);
            int n = buf.writeBytes(ch, offset, length);
            if (n < length) {
                buf.release();
                throw new IOException("blob " + blob.key() + " is shorter than its metadata says");
            }
            return buf;
        }
    }

    @Override
    public void delete(Blob blob) {
        try {
            if (Files.deleteIfExists(path(blob.key()))) {
                space.release(blob.length());
            }
        } catch (IOException ignored) {
            // left for the operator; the object is gone from the index
        }
    }
}
