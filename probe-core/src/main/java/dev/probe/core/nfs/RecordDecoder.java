package dev.probe.core.nfs;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * ONC RPC over TCP (RFC 5531, section 11): reassembles each record from its fragments, each a 4-byte mark (the last
 * fragment's bit and a 31-bit length) and its bytes. A record is bounded by what it holds: each fragment counts its
 * bytes and {@link #FRAGMENT_COST} more (what keeping it costs), so a peer sending empty or tiny fragments reaches the
 * bound of {@code maxRecord} as surely as one sending a huge one; an empty fragment that is not the last is refused
 * outright (no client or server sends one). After a refusal every further byte is dropped, as the stream has lost its
 * framing. Bytes that come in many small reads are merged into one once {@link #MAX_PIECES} pieces wait, so a peer
 * that trickles costs no more memory per byte than one that sends in bulk.
 */
public final class RecordDecoder extends ByteToMessageDecoder {
    /** What keeping one fragment costs (its slice and its place in the record), counted against the bound. */
    static final int FRAGMENT_COST = 64;
    /** Pieces of received bytes kept apart at most before the newest are merged into one. */
    static final int MAX_PIECES = 256;
    private static final int MARK = 4;
    private final int maxRecord;
    private CompositeByteBuf record;
    private long held;
    private int fragments;
    private boolean failed;

    public RecordDecoder(int maxRecord) {
        this.maxRecord = maxRecord;
        // a 1 MiB READ reply arrives in many socket reads: keep them as they came rather than copy each into one
        // growing buffer (which cost a second copy of every byte and three times nfs-cat's CPU per GiB)
        setCumulator(RecordDecoder::cumulate);
    }

    /** Netty's composite cumulation, the newest pieces merged when too many wait (a peer trickling bytes). */
    private static ByteBuf cumulate(ByteBufAllocator alloc, ByteBuf cumulation, ByteBuf in) {
        ByteBuf all = COMPOSITE_CUMULATOR.cumulate(alloc, cumulation, in);
        if (all instanceof CompositeByteBuf c && c.numComponents() > MAX_PIECES) {
            c.consolidate(); // at most one record's bytes, once per MAX_PIECES reads
        }
        return all;
    }

    /** The first bytes of {@code in} when they are printable ASCII (a text protocol answering), or null. */
    private static String printable(ByteBuf in) {
        int n = Math.min(12, in.readableBytes());
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            byte c = in.getByte(in.readerIndex() + i);
            if (c < 0x20 || c > 0x7e) {
                return null;
            }
            b.append((char) c);
        }
        return b.toString();
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (!failed && in.readableBytes() >= MARK) {
            int mark = in.getInt(in.readerIndex());
            boolean last = mark < 0;
            long length = mark & 0x7FFF_FFFFL;
            if (length == 0 && !last) {
                refuse(in, "an empty RPC record fragment that is not the last (the peer is not an RPC server)");
            }
            if (held + length + FRAGMENT_COST > maxRecord) {
                String text = printable(in);
                long bytes = held - (long) fragments * FRAGMENT_COST + length;
                refuse(in, "an RPC record of " + (last ? "" : "more than ") + bytes + " bytes in " + (fragments + 1)
                        + " fragment(s), over the " + maxRecord + " a reply may take (each fragment counts "
                        + FRAGMENT_COST + " more)" + (text == null ? "" : " (the peer sent '" + text
                                + "...': not ONC RPC)"));
            }
            if (in.readableBytes() < MARK + length) {
                return;
            }
            in.skipBytes(MARK);
            if (record == null) {
                record = ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
            }
            record.addComponent(true, in.readRetainedSlice((int) length));
            held += length + FRAGMENT_COST;
            fragments++;
            if (last) {
                out.add(record);
                record = null;
                held = 0;
                fragments = 0;
            }
        }
        if (failed) {
            in.skipBytes(in.readableBytes());
        }
    }

    /** Drops what {@code in} holds and what the record kept, then refuses the stream with {@code why}. */
    private void refuse(ByteBuf in, String why) {
        failed = true;
        in.skipBytes(in.readableBytes());
        release();
        throw new RpcException(why);
    }

    /** Pieces of received bytes waiting for the rest of their record (tests). */
    int pieces() {
        ByteBuf waiting = internalBuffer();
        return waiting instanceof CompositeByteBuf c ? c.numComponents() : waiting.isReadable() ? 1 : 0;
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        release();
    }

    private void release() {
        if (record != null) {
            record.release();
            record = null;
        }
        held = 0;
        fragments = 0;
    }
}
