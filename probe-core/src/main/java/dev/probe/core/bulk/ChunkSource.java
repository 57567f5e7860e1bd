package dev.probe.core.bulk;

import dev.probe.core.payload.Content;
import io.netty.buffer.ByteBufAllocator;

/** Where a sender's chunks come from: generated content, or a stored piece file. */
@FunctionalInterface
public interface ChunkSource {
    /** Chunk {@code index} of {@code piece}, {@code length} bytes from {@code offset}: a ByteBuf or a FileRegion. */
    Object chunk(long piece, long index, long offset, int length);

    /** The run's content, each chunk made afresh into a direct buffer from {@code buffers}. */
    static ChunkSource generated(Content content, ByteBufAllocator buffers) {
        return (piece, index, offset, length) -> content.fill(buffers.directBuffer(length, length), piece, offset, length);
    }
}
