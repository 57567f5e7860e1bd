package dev.probe.core.bulk;

/** Where a sender's chunks come from: generated content, or a stored piece file. */
@FunctionalInterface
public interface ChunkSource {
    /** Chunk {@code index} of {@code piece}, {@code length} bytes from {@code offset}: a ByteBuf or a FileRegion. */
    Object chunk(long piece, long index, long offset, int length);

    /** Generated content for a run. */
    static ChunkSource generated(PieceContent content, long seed) {
        return (piece, index, offset, length) -> content.chunk(seed, piece, index, length);
    }
}
