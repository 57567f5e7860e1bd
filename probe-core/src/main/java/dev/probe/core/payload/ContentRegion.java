package dev.probe.core.payload;

import io.netty.channel.FileRegion;
import io.netty.util.AbstractReferenceCounted;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * A stretch of content sent without a buffer of its own: the transport (NIO or epoll) asks it to write itself,
 * and it makes up to 1 MiB at a time into one reused direct buffer per thread, just before the socket copies it,
 * so the bytes are still in cache and no buffer is allocated (a fresh pooled 1 MiB buffer per chunk cost the
 * sender a third more CPU per GiB than the repeating pool it replaced; 128 KiB slices, more system calls, a
 * fifth: docs/reference/speed.md). What the socket does not take stays in the buffer, and the next call writes it
 * from there unless another region of the thread made bytes of its own in between. Not for TLS, which must see the
 * bytes: use {@link Content#fill} into buffers there.
 */
public final class ContentRegion extends AbstractReferenceCounted implements FileRegion {
    static final int SLICE = Content.BLOCK;
    /** The most a prefix may hold: a frame header. */
    public static final int MAX_PREFIX = 64;
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);
    private final byte[] prefix;
    private final Content content;
    private final long stream;
    private final long offset;
    private final long length;
    private long transferred;

    /** A thread's buffer and what it holds: the bytes of {@code owner} from {@code start}, to its limit. */
    private static final class Scratch {
        final ByteBuffer buffer = ByteBuffer.allocateDirect(SLICE + MAX_PREFIX);
        ContentRegion owner;
        long start;

        boolean holds(ContentRegion r, long position) {
            return owner == r && position >= start && position < start + buffer.limit();
        }
    }

    /**
     * {@code prefix} (a frame header, sent in the same write as the first bytes, so it costs no packet of its own)
     * then bytes {@code [offset, offset + length)} of {@code stream} of {@code content}.
     */
    public ContentRegion(byte[] prefix, Content content, long stream, long offset, long length) {
        if (prefix.length > MAX_PREFIX) {
            throw new IllegalArgumentException("a prefix of " + prefix.length + " bytes is over " + MAX_PREFIX);
        }
        this.prefix = prefix;
        this.content = content;
        this.stream = stream;
        this.offset = offset;
        this.length = length;
    }

    @Override
    public long position() {
        return 0;
    }

    @Override
    public long count() {
        return prefix.length + length;
    }

    @Override
    public long transferred() {
        return transferred;
    }

    @Override
    @Deprecated
    public long transfered() {
        return transferred;
    }

    /** Writes from {@code position} until the socket is full or the region is done; returns the bytes written. */
    @Override
    public long transferTo(WritableByteChannel target, long position) throws IOException {
        long written = 0;
        Scratch s = SCRATCH.get();
        while (position < count()) {
            if (!s.holds(this, position)) {
                make(s, position);
            }
            ByteBuffer b = s.buffer;
            b.position((int) (position - s.start));
            int n = b.remaining();
            int w = target.write(b);
            written += w;
            position += w;
            transferred += w;
            if (w < n) {
                break;
            }
        }
        return written;
    }

    /** Makes the next slice from {@code position} (the prefix's rest, then content) into {@code s}. */
    private void make(Scratch s, long position) {
        ByteBuffer b = s.buffer;
        b.clear();
        if (position < prefix.length) {
            b.put(prefix, (int) position, prefix.length - (int) position);
        }
        long from = Math.max(0, position - prefix.length);
        b.limit(b.position() + (int) Math.min(SLICE, length - from));
        content.fill(b, stream, offset + from);
        b.flip();
        s.owner = this;
        s.start = position;
    }

    @Override
    public ContentRegion retain() {
        super.retain();
        return this;
    }

    @Override
    public ContentRegion retain(int increment) {
        super.retain(increment);
        return this;
    }

    @Override
    public ContentRegion touch() {
        return this;
    }

    @Override
    public ContentRegion touch(Object hint) {
        return this;
    }

    /** Nothing to free; the thread's buffer may still name this region as its owner until another makes bytes. */
    @Override
    protected void deallocate() {
    }
}
