package dev.probe.core.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.DefaultByteBufHolder;

/**
 * A piece of a DATA frame's payload as it arrived: {@code first} on the frame's first piece, {@code last}
 * on its final one. A zero-length message arrives as one empty chunk that is both. The receiver must
 * release it.
 */
public final class DataChunk extends DefaultByteBufHolder {
    private final boolean first;
    private final boolean last;

    public DataChunk(ByteBuf content, boolean first, boolean last) {
        super(content);
        this.first = first;
        this.last = last;
    }

    public boolean first() {
        return first;
    }

    public boolean last() {
        return last;
    }
}
