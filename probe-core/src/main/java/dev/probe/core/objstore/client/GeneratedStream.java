package dev.probe.core.objstore.client;

import dev.probe.core.bulk.PieceContent;
import dev.probe.core.params.BulkParams;
import com.oracle.bmc.http.client.io.DuplicatableInputStream;
import io.netty.buffer.ByteBuf;
import java.io.InputStream;

/**
 * Bytes {@code [from, from + length)} of a generated piece, as a stream for the OCI SDK: nothing is held but one
 * chunk slice of the shared content pool, and {@link #duplicate()} starts it over, so the SDK can retry a part
 * without buffering it.
 */
final class GeneratedStream extends InputStream implements DuplicatableInputStream {
    private final long seed;
    private final long piece;
    private final long from;
    private final long length;
    private final long pieceLength;
    private long position;

    /** {@code pieceLength} bounds the piece's last chunk, which may be short. */
    GeneratedStream(long seed, long piece, long pieceLength, long from, long length) {
        this.seed = seed;
        this.piece = piece;
        this.pieceLength = pieceLength;
        this.from = from;
        this.length = length;
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (position >= length) {
            return -1;
        }
        long at = from + position;
        long chunk = at / BulkParams.CHUNK;
        int inChunk = (int) (at % BulkParams.CHUNK);
        int chunkLength = (int) Math.min(BulkParams.CHUNK, pieceLength - chunk * BulkParams.CHUNK);
        int n = (int) Math.min(Math.min(len, chunkLength - inChunk), length - position);
        ByteBuf slice = PieceContent.shared().chunk(seed, piece, chunk, chunkLength);
        try {
            slice.getBytes(slice.readerIndex() + inChunk, b, off, n);
        } finally {
            slice.release();
        }
        position += n;
        return n;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, length - position);
    }

    @Override
    public InputStream duplicate() {
        return new GeneratedStream(seed, piece, pieceLength, from, length);
    }
}
