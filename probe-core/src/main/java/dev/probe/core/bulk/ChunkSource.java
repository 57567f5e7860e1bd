package dev.probe.core.bulk;

import dev.probe.core.payload.Content;
import dev.probe.core.payload.ContentRegion;
import dev.probe.core.protocol.Frames;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import java.nio.ByteBuffer;
import java.util.function.Consumer;

/** Where a sender's chunks come from (generated content, or a stored piece file), each written as one DATA frame. */
@FunctionalInterface
public interface ChunkSource {
    /** Writes chunk {@code index} of {@code piece}, {@code length} bytes from {@code offset}, as one DATA frame (unflushed). */
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
     * Under TLS a chunk is made and encrypted {@value} bytes at a time (each slice flushed), so the encryption reads
     * bytes still in cache: a backup of 8 channels over TLS on loopback moved 12.4-14.2 Gbit/s against 8.9-11.4
     * when each 1 MiB chunk was made whole first, at 0.75-0.84 sender CPU s/GiB against 1.04-1.32 (bench/ab.sh,
     * three rounds). The redo streams' DataWriter slices the same way.
     */
    int TLS_SLICE = 64 * 1024;

    /**
     * The run's content, header and bytes made as the socket takes them ({@link ContentRegion}: no buffer, one
     * write a chunk), or a {@link #TLS_SLICE} at a time where TLS must see the bytes ({@code tls}).
     */
    static ChunkSource generated(Content content, boolean tls) {
        if (tls) {
            return (ch, piece, index, offset, length) -> {
                ch.write(Frames.dataHeader(ch.alloc(), length), ch.voidPromise());
                for (int done = 0; done < length; done += TLS_SLICE) {
                    int n = Math.min(TLS_SLICE, length - done);
                    ch.writeAndFlush(content.fill(ch.alloc().directBuffer(n, n), piece, offset + done, n),
                            ch.voidPromise());
                }
            };
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
