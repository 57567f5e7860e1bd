package dev.probe.core.nfs;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;

/**
 * Fuzzes what an NFS server (or anything answering on its ports) sends the client (issue 57): the record decoder fed
 * arbitrary bytes in three writes, then each record read as a reply's header and a post_op_attr. The only allowed
 * failure is {@link RpcException} (also inside a {@link DecoderException}); the decoder never holds more than its
 * bound (a record of at most 4096 bytes, as the side procedures use).
 */
class NfsRecordFuzzTest {
    private static final int BOUND = 4096;

    @FuzzTest(maxDuration = "5m")
    void recordsAndReplies(byte[] input) {
        RecordDecoder decoder = new RecordDecoder(BOUND);
        EmbeddedChannel ch = new EmbeddedChannel(decoder);
        try {
            int a = input.length / 3;
            int b = 2 * input.length / 3;
            ch.writeInbound(Unpooled.wrappedBuffer(input, 0, a));
            ch.writeInbound(Unpooled.wrappedBuffer(input, a, b - a));
            ch.writeInbound(Unpooled.wrappedBuffer(input, b, input.length - b));
            if (decoder.pieces() > RecordDecoder.MAX_PIECES + 1) {
                throw new IllegalStateException(decoder.pieces() + " pieces held");
            }
        } catch (DecoderException e) {
            if (!(e.getCause() instanceof RpcException)) {
                throw e;
            }
        } finally {
            for (ByteBuf r; (r = ch.readInbound()) != null;) {
                try {
                    if (r.readableBytes() > BOUND) {
                        throw new IllegalStateException("a record of " + r.readableBytes() + " bytes passed");
                    }
                    Rpc.accepted(r, Rpc.xid(r));
                    Nfs3.skipAttributes(r);
                } catch (RpcException expected) {
                    // a one-line refusal naming what was wrong
                } finally {
                    r.release();
                }
            }
            ch.finishAndReleaseAll();
        }
    }
}
