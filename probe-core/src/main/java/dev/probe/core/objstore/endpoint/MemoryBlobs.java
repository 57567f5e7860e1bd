package dev.probe.core.objstore.endpoint;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Blobs kept in memory, in 1 MiB arrays (for tests and small runs), at most {@code max} bytes of them
 * ({@code --store-max-size}, by default a quarter of the heap): a block is reserved before it is allocated, and a
 * write past the cap is refused with OCI's InsufficientStorage (507), never an OutOfMemoryError half-way.
 */
final class MemoryBlobs implements BlobStore {
    private static final int BLOCK = 1 << 20;
    private final ConcurrentHashMap<String, List<byte[]>> blobs = new ConcurrentHashMap<>();
    private final AtomicLong held = new AtomicLong();
    private final long max;

    MemoryBlobs(long max) {
        this.max = max;
    }

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
                        reserve();
                        blocks.add(new byte[BLOCK]);
                    }
                    int n = Math.min(BLOCK - used, data.readableBytes());
                    data.readBytes(blocks.get(blocks.size() - 1), used, n);
                    size[0] += n;
                }
            }

            @Override
            public Blob finish() {
                release(blobs.put(key, blocks));
                return new Blob(key, size[0], null);
            }

            @Override
            public void abort() {
                release(blocks);
                blocks.clear();
            }
        };
    }

    private void reserve() {
        if (held.addAndGet(BLOCK) > max) {
            long now = held.addAndGet(-BLOCK);
            throw new OciError(HttpResponseStatus.INSUFFICIENT_STORAGE, "InsufficientStorage", String.format(
                    "the memory store holds %,d bytes of its --store-max-size of %,d", now, max));
        }
    }

    private void release(List<byte[]> blocks) {
        if (blocks != null) {
            held.addAndGet(-(long) blocks.size() * BLOCK);
        }
    }

    /** Bytes the store holds now, in whole blocks. */
    long held() {
        return held.get();
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
        release(blobs.remove(blob.key()));
    }
}
