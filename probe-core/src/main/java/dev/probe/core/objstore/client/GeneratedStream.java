package dev.probe.core.objstore.client;

import com.oracle.bmc.http.client.io.DuplicatableInputStream;
import dev.probe.core.payload.Content;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * Bytes {@code [from, from + length)} of a generated piece, as a stream for the OCI SDK: made straight into the
 * SDK's own buffer as it reads, nothing held, and {@link #duplicate()} starts it over, so the SDK can retry a
 * part without buffering it.
 */
final class GeneratedStream extends InputStream implements DuplicatableInputStream {
    private final Content content;
    private final long piece;
    private final long from;
    private final long length;
    private volatile long position;

    GeneratedStream(Content content, long piece, long from, long length) {
        this.content = content;
        this.piece = piece;
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
        int n = (int) Math.min(len, length - position);
        content.fill(ByteBuffer.wrap(b, off, n), piece, from + position);
        position += n;
        return n;
    }

    /** Bytes read so far (by the SDK's sending thread; read by the progress sampler). */
    long position() {
        return position;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, length - position);
    }

    @Override
    public InputStream duplicate() {
        return new GeneratedStream(content, piece, from, length);
    }
}
