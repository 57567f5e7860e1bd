package dev.probe.core.nfs;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * ONC RPC over TCP (RFC 5531, section 11): reassembles each record from its fragments, each a 4-byte mark (the last
 * fragment's bit and a 31-bit length) and its bytes. A record longer than {@code maxRecord} in all is refused before
 * its fragment is read or kept; after that every further byte is dropped, as the stream has lost its framing.
 */
public final class RecordDecoder extends ByteToMessageDecoder {
    private static final int MARK = 4;
    private final int maxRecord;
    private CompositeByteBuf record;
    private long held;
    private boolean failed;

    public RecordDecoder(int maxRecord) {
        this.maxRecord = maxRecord;
        // a 1 MiB READ reply arrives in many socket reads: keep them as they came rather than copy each into one
        // growing buffer (which cost a second copy of every byte and three times nfs-cat's CPU per GiB)
        setCumulator(COMPOSITE_CUMULATOR);
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
            if (held + length > maxRecord) {
                failed = true;
                String text = printable(in);
                in.skipBytes(in.readableBytes());
                release();
                throw new RpcException("an RPC record of more than " + (held + length) + " bytes, over the "
                        + maxRecord + " a reply may take" + (text == null ? ""
                        : " (the peer sent '" + text + "...': not ONC RPC)"));
            }
            if (in.readableBytes() < MARK + length) {
                return;
            }
            in.skipBytes(MARK);
            if (record == null) {
                record = ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
            }
            record.addComponent(true, in.readRetainedSlice((int) length));
            held += length;
            if (last) {
                out.add(record);
                record = null;
                held = 0;
            }
        }
        if (failed) {
            in.skipBytes(in.readableBytes());
        }
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
    }
}
