package dev.probe.core.redo;

import dev.probe.core.payload.Content;
import dev.probe.core.payload.ContentRegion;
import dev.probe.core.payload.ContentSlices;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Frames;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.handler.ssl.SslHandler;

/**
 * Writes one stream's messages as DATA frames, each made afresh from the run's content (the connection is its
 * stream, the bytes written so far its offset), so no message repeats another, as no two redo writes do. Used by
 * whichever end sends: the client, or the server in reverse.
 */
final class DataWriter {
    /** Messages this long or longer go as a header and a {@link ContentRegion} where no TLS must see them. */
    private static final int REGION_FROM = 64 * 1024;
    private final Channel channel;
    private final Content content;
    private final boolean regions;
    private final byte[] header;
    private final int stream;
    private final int length;
    private long offset;

    DataWriter(Channel channel, Content content, int stream, long length) {
        this.channel = channel;
        this.content = content;
        this.regions = channel.pipeline().get(SslHandler.class) == null && length >= REGION_FROM;
        this.header = Frames.dataHeaderBytes(length);
        this.stream = stream;
        this.length = (int) length;
    }

    /**
     * Writes the next message: the next {@code length} bytes of this stream's content, made as the socket takes
     * them (large messages without TLS) or into one buffer with its header. Not flushed.
     */
    void write() {
        if (regions) {
            channel.write(new ContentRegion(header, content, stream, offset, length), channel.voidPromise());
        } else if (length <= ContentSlices.SLICE) {
            ByteBuf m = channel.alloc().directBuffer(Frames.HEADER_LENGTH + length);
            Frames.writeHeader(m, FrameType.DATA, length);
            channel.write(content.fill(m, stream, offset, length), channel.voidPromise());
        } else { // under TLS a large message is made and encrypted a slice at a time, the bytes still in cache
            ContentSlices.write(channel, header, content, stream, offset, length);
        }
        offset += length;
    }
}
