package dev.probe.core.objstore.endpoint;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Blobs as real files under a directory, forced to disk when complete. */
final class FileBlobs implements BlobStore {
    private final Path dir;

    FileBlobs(Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
    }

    private Path path(String key) {
        return dir.resolve(key);
    }

    @Override
    public Writer create(String key, Generated generated) throws IOException {
        Path file = path(key);
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        long[] size = {0};
        return new Writer() {
            @Override
            public void write(ByteBuf data) throws IOException {
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
            Files.deleteIfExists(path(blob.key()));
        } catch (IOException ignored) {
            // left for the operator; the object is gone from the index
        }
    }
}
