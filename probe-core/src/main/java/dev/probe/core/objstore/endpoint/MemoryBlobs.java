package dev.probe.core.objstore.endpoint;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/** Blobs kept in memory, in 1 MiB arrays (for tests and small runs; bounded by the JVM heap). */
final class MemoryBlobs implements BlobStore {
    private static final int BLOCK = 1 << 20;
    private final ConcurrentHashMap<String, List<byte[]>> blobs = new ConcurrentHashMap<>();

    @Override
    public Writer create(String key, Generated generated) {
        List<byte[]> blocks = new ArrayList<>();
        long[] size = {0};
        return new Writer() {
            @Override
            public void write(ByteBuf data) {
                while (data.isReadable()) {
                    int used = (int) (size[0] % BLOCK);
                    if (used == 0) {
                        blocks.add(new byte[BLOCK]);
                    }
                    int n = Math.min(BLOCK - used, data.readableBytes());
                    data.readBytes(blocks.get(blocks.size() - 1), used, n);
                    size[0] += n;
                }
            }

            @Override
            public Blob finish() {
                blobs.put(key, blocks);
                return new Blob(key, size[0], null);
            }

            @Override
            public void abort() {
                blocks.clear();
            }
        };
    }

    @Override
    public ByteBuf read(Blob blob, long offset, int length, ByteBufAllocator alloc) {
        List<byte[]> blocks = blobs.get(blob.key());
        int block = (int) (offset / BLOCK);
        int at = (int) (offset % BLOCK);
        int n = Math.min(length, BLOCK - at);
        return alloc.buffer(n).writeBytes(blocks.get(block), at, n);
    }

    @Override
    public void delete(Blob blob) {
        blobs.remove(blob.key());
    }
}
