package dev.probe.core.objstore.endpoint;

import dev.probe.core.payload.Content;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;

/** Where object bytes go: kept in memory, written to files, or discarded and regenerated. */
public interface BlobStore {
    /** Receives one blob's bytes as they stream in. */
    interface Writer {
        void write(ByteBuf data) throws IOException;

        /** All bytes are in; returns the blob's key. */
        Blob finish() throws IOException;

        /** The upload failed: drop what was written. */
        void abort();
    }

    /** A stored blob: its key, length, and (for discarded content) how to regenerate it. */
    record Blob(String key, long length, Generated generated) {
    }

    /** Probe-generated content: the run's content, the piece, and where in the piece the blob starts. */
    record Generated(Content content, long piece, long pieceOffset) {
    }

    /** Starts a blob; {@code generated} says what the bytes are when the client said so (null otherwise). */
    Writer create(String key, Generated generated) throws IOException;

    /** Up to {@code length} bytes of {@code blob} from {@code offset}. */
    ByteBuf read(Blob blob, long offset, int length, ByteBufAllocator alloc) throws IOException;

    void delete(Blob blob);
}
