package dev.probe.core.objstore.endpoint;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.stream.ChunkedInput;
import java.util.List;

/**
 * A range of an object's content, read blob by blob in pieces of at most 256 KiB as the connection drains
 * (ChunkedWriteHandler pulls it), so a GET of any size uses bounded memory. Works with and without TLS.
 */
final class BlobsInput implements ChunkedInput<ByteBuf> {
    private static final int PIECE = 256 * 1024;
    private final BlobStore store;
    private final List<BlobStore.Blob> blobs;
    private final long length;
    private int blob;
    private long inBlob;
    private long sent;

    /** Bytes {@code [offset, offset + length)} of the concatenation of {@code blobs}. */
    BlobsInput(BlobStore store, List<BlobStore.Blob> blobs, long offset, long length) {
        this.store = store;
        this.blobs = blobs;
        this.length = length;
        long skip = offset;
        while (blob < blobs.size() && skip >= blobs.get(blob).length()) {
            skip -= blobs.get(blob).length();
            blob++;
        }
        inBlob = skip;
    }

    @Override
    public boolean isEndOfInput() {
        return sent >= length;
    }

    @Override
    public void close() {
    }

    @Deprecated
    @Override
    public ByteBuf readChunk(ChannelHandlerContext ctx) throws Exception {
        return readChunk(ctx.alloc());
    }

    @Override
    public ByteBuf readChunk(ByteBufAllocator alloc) throws Exception {
        if (isEndOfInput()) {
            return null;
        }
        BlobStore.Blob b = blobs.get(blob);
        int n = (int) Math.min(PIECE, Math.min(b.length() - inBlob, length - sent));
        ByteBuf buf = store.read(b, inBlob, n, alloc);
        int got = buf.readableBytes();
        inBlob += got;
        sent += got;
        if (inBlob == b.length()) {
            blob++;
            inBlob = 0;
        }
        return buf;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public long progress() {
        return sent;
    }
}
