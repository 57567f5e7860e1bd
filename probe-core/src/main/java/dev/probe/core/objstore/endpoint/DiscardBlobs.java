package dev.probe.core.objstore.endpoint;

import dev.probe.core.params.BulkParams;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * Keeps nothing but what regenerates a blob: probe-generated content (run seed, piece, offset in the piece, as
 * the client declares in {@code opc-meta-probe-content}) is checked chunk by chunk with CRC32C as it arrives and
 * regenerated on GET, so a restore of terabytes can be measured without storing them. Other content is refused.
 */
final class DiscardBlobs implements BlobStore {
    private static final int CHUNK = BulkParams.CHUNK;

    @Override
    public Writer create(String key, Generated generated) {
        if (generated == null) {
            throw OciError.badRequest("this endpoint discards content (--store discard) and can only take "
                    + "probe-generated objects (opc-meta-probe-content; not a file payload)");
        }
        if (generated.pieceOffset() % CHUNK != 0) {
            throw OciError.badRequest("probe content must start on a 1 MiB boundary of its piece");
        }
        CRC32C crc = new CRC32C();
        long[] pos = {0};
        return new Writer() {
            @Override
            public void write(ByteBuf data) {
                while (data.isReadable()) {
                    int inChunk = (int) (pos[0] % CHUNK);
                    int n = Math.min(CHUNK - inChunk, data.readableBytes());
                    for (ByteBuffer bb : data.nioBuffers(data.readerIndex(), n)) {
                        crc.update(bb);
                    }
                    data.skipBytes(n);
                    pos[0] += n;
                    if (pos[0] % CHUNK == 0) {
                        check(CHUNK);
                    }
                }
            }

            private void check(int length) {
                long at = generated.pieceOffset() + pos[0] - length;
                if ((int) crc.getValue() != generated.content().expectedCrc(generated.piece(), at, length)) {
                    throw OciError.badRequest("content does not match its opc-meta-probe-content at byte "
                            + (pos[0] - length));
                }
                crc.reset();
            }

            @Override
            public Blob finish() {
                if (pos[0] % CHUNK != 0) {
                    check((int) (pos[0] % CHUNK));
                }
                return new Blob(key, pos[0], generated);
            }

            @Override
            public void abort() {
            }
        };
    }

    @Override
    public ByteBuf read(Blob blob, long offset, int length, ByteBufAllocator alloc) {
        Generated g = blob.generated();
        return g.content().fill(alloc.directBuffer(length, length), g.piece(), g.pieceOffset() + offset, length);
    }

    @Override
    public void delete(Blob blob) {
    }
}
