package dev.probe.core.bulk;

import dev.probe.core.payload.Content;
import dev.probe.core.payload.ContentRegion;
import dev.probe.core.payload.ContentSlices;
import dev.probe.core.protocol.Frames;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import java.nio.ByteBuffer;
import java.util.function.Consumer;

/** Where a sender's chunks come from (generated content, or a stored piece file), each written as one DATA frame. */
@FunctionalInterface
public interface ChunkSource {
    /**
     * Writes chunk {@code index} of {@code piece}, {@code length} bytes from {@code offset}, as one DATA frame
     * (unflushed, but for {@link #generated}'s slices under TLS, each flushed).
     */
    void write(Channel channel, long piece, long index, long offset, int length);

    /** A chunk's payload as a ByteBuf or a FileRegion. */
    @FunctionalInterface
    interface Payloads {
        Object chunk(long piece, long index, long offset, int length);
    }

    /** Each payload behind its frame header. */
    static ChunkSource framed(Payloads payloads) {
        return (ch, piece, index, offset, length) -> {
            ch.write(Frames.dataHeader(ch.alloc(), length), ch.voidPromise());
            ch.write(payloads.chunk(piece, index, offset, length), ch.voidPromise());
        };
    }

    /**
     * The run's content, header and bytes made as the socket takes them ({@link ContentRegion}: no buffer, one
     * write a chunk), or a {@link ContentSlices#SLICE} at a time, each flushed, where TLS must see the bytes
     * ({@code tls}).
     */
    static ChunkSource generated(Content content, boolean tls) {
        if (tls) {
            return (ch, piece, index, offset, length) -> ContentSlices.write(ch, Frames.dataHeaderBytes(length),
                    content, piece, offset, length);
        }
        return (ch, piece, index, offset, length) -> ch.write(new ContentRegion(Frames.dataHeaderBytes(length), content,
                piece, offset, length), ch.voidPromise());
    }

    /** The run's content made into a direct buffer per chunk, which {@code seen} reads before it is sent. */
    static ChunkSource buffers(Content content, Consumer<ByteBuffer> seen) {
        return framed((piece, index, offset, length) -> {
            ByteBuf bytes = content.fill(ByteBufAllocator.DEFAULT.directBuffer(length, length), piece, offset, length);
            seen.accept(bytes.nioBuffer());
            return bytes;
        });
    }
}
