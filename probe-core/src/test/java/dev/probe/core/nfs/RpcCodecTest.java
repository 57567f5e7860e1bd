package dev.probe.core.nfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import org.junit.jupiter.api.Test;

/**
 * ONC RPC and XDR as probe's NFS client reads and writes them: a call's bytes as RFC 5531 lays them out, each reply
 * status named, every length a peer sends bounded before anything is copied, and records reassembled from fragments.
 */
class RpcCodecTest {
    @Test
    void aCallIsOneRecordMarkedFragmentWithAuthSys() {
        ByteBuf b = Rpc.call(ByteBufAllocator.DEFAULT, 7, 100003, 3, 0, Rpc.Credential.root("probe"), x -> {});
        try {
            assertEquals(0x8000_0000 | (b.readableBytes() - 4), b.readInt(), "one last fragment, its length");
            assertEquals(7, b.readInt());
            assertEquals(0, b.readInt(), "CALL");
            assertEquals(2, b.readInt(), "RPC version 2");
            assertEquals(100003, b.readInt());
            assertEquals(3, b.readInt());
            assertEquals(0, b.readInt(), "NULL");
            assertEquals(1, b.readInt(), "AUTH_SYS");
            int length = b.readInt();
            assertEquals(4 + 4 + 8 + 4 + 4 + 4, length, "stamp, 'probe' padded to 8, uid, gid, no groups");
            b.skipBytes(length);
            assertEquals(0, b.readInt(), "verifier AUTH_NONE");
            assertEquals(0, b.readInt());
            assertEquals(0, b.readableBytes());
        } finally {
            b.release();
        }
    }

    private static ByteBuf reply(int xid, int... words) {
        ByteBuf b = Unpooled.buffer();
        b.writeInt(xid);
        b.writeInt(1);
        for (int w : words) {
            b.writeInt(w);
        }
        return b;
    }

    @Test
    void anAcceptedReplyLeavesTheResultsAndEveryRefusalIsNamed() {
        ByteBuf ok = reply(9, 0, 0, 0, 0, 42);
        Rpc.accepted(ok, 9);
        assertEquals(42, ok.readInt(), "the results follow");
        assertTrue(assertThrows(RpcException.class, () -> Rpc.accepted(reply(9, 0, 0, 0, 2, 2, 2), 9)).getMessage()
                .contains("serves versions 2 to 2 (PROG_MISMATCH)"));
        assertTrue(assertThrows(RpcException.class, () -> Rpc.accepted(reply(9, 0, 0, 0, 1), 9)).getMessage()
                .contains("PROG_UNAVAIL"));
        assertTrue(assertThrows(RpcException.class, () -> Rpc.accepted(reply(9, 1, 1, 5), 9)).getMessage()
                .contains("refused the credentials (AUTH_ERROR 5)"));
        assertTrue(assertThrows(RpcException.class, () -> Rpc.accepted(reply(8, 0), 9)).getMessage()
                .contains("a reply to call 8 where 9 was expected"));
        assertTrue(assertThrows(RpcException.class, () -> Rpc.accepted(reply(9, 0, 0), 9)).getMessage()
                .contains("the message ends before"));
    }

    @Test
    void aPeersLengthIsBoundedBeforeAnythingIsCopied() {
        ByteBuf huge = Unpooled.buffer().writeInt(0x7FFF_FFF0);
        assertTrue(assertThrows(RpcException.class, () -> Xdr.getOpaque(huge, 64)).getMessage()
                .contains("over the 64 allowed"));
        ByteBuf verifier = reply(9, 0, 0, 1000);
        assertTrue(assertThrows(RpcException.class, () -> Rpc.accepted(verifier, 9)).getMessage()
                .contains("over the 400 allowed"));
        ByteBuf shortOne = Unpooled.buffer().writeInt(10).writeInt(0);
        assertTrue(assertThrows(RpcException.class, () -> Xdr.getOpaque(shortOne, 64)).getMessage()
                .contains("the message ends before 10 bytes"));
        ByteBuf round = Unpooled.buffer();
        Xdr.putOpaque(round, new byte[] {1, 2, 3, 4, 5});
        assertEquals(12, round.readableBytes(), "padded to 4");
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5}, Xdr.getOpaque(round, 64));
        assertEquals(0, round.readableBytes());
    }

    @Test
    void recordsAreReassembledFromFragmentsAndAnOversizedOneIsRefused() {
        EmbeddedChannel ch = new EmbeddedChannel(new RecordDecoder(256));
        ByteBuf in = Unpooled.buffer();
        in.writeInt(4).writeInt(11); // first fragment
        in.writeInt(0x8000_0004).writeInt(22); // last fragment
        in.writeInt(0x8000_0004).writeShort(3); // the next record, cut short
        ch.writeInbound(in);
        ByteBuf record = ch.readInbound();
        assertEquals(8, record.readableBytes());
        assertEquals(11, record.readInt());
        assertEquals(22, record.readInt());
        record.release();
        assertNull(ch.readInbound(), "the cut one waits for its bytes");
        EmbeddedChannel small = new EmbeddedChannel(new RecordDecoder(64));
        Throwable tooLong = assertThrows(DecoderException.class,
                () -> small.writeInbound(Unpooled.buffer().writeInt(0x8000_0000 | 1000))).getCause();
        assertTrue(tooLong instanceof RpcException && tooLong.getMessage().equals("an RPC record of 1000 bytes in 1 "
                + "fragment(s), over the 64 a reply may take (each fragment counts 64 more)"), String.valueOf(tooLong));
        assertEquals(false, small.writeInbound(Unpooled.buffer().writeInt(0x8000_0004).writeInt(1)),
                "after a framing error every byte is dropped");
        ch.finishAndReleaseAll();
        small.finishAndReleaseAll();
    }

    /** Issue 57: 4-byte marks of empty, not-last fragments, or of one byte each, once grew the heap without bound. */
    @Test
    void emptyOrTinyFragmentsCannotHoldMoreThanTheBound() {
        EmbeddedChannel empty = new EmbeddedChannel(new RecordDecoder(4096));
        Throwable e = assertThrows(DecoderException.class,
                () -> empty.writeInbound(Unpooled.wrappedBuffer(new byte[1 << 20]))).getCause();
        assertEquals("an empty RPC record fragment that is not the last (the peer is not an RPC server)",
                e.getMessage());
        EmbeddedChannel tiny = new EmbeddedChannel(new RecordDecoder(4096));
        ByteBuf marks = Unpooled.buffer();
        for (int i = 0; i < 1000; i++) {
            marks.writeInt(1).writeByte(7);
        }
        Throwable t = assertThrows(DecoderException.class, () -> tiny.writeInbound(marks))
                .getCause();
        assertTrue(t.getMessage().startsWith("an RPC record of more than 64 bytes in 64 fragment(s), over the 4096"),
                t.getMessage());
        empty.finishAndReleaseAll();
        tiny.finishAndReleaseAll();
    }

    @Test
    void aRecordTrickledOneByteAtATimeIsKeptInFewPieces() {
        RecordDecoder decoder = new RecordDecoder(1 << 20);
        EmbeddedChannel ch = new EmbeddedChannel(decoder);
        int length = 100_000;
        ch.writeInbound(Unpooled.buffer().writeInt(0x8000_0000 | length));
        for (int i = 0; i < length - 1; i++) {
            ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {(byte) i}));
            assertTrue(decoder.pieces() <= RecordDecoder.MAX_PIECES + 1, "pieces: " + decoder.pieces());
        }
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {1}));
        ByteBuf record = ch.readInbound();
        assertEquals(length, record.readableBytes());
        assertEquals((byte) 99_998, record.getByte(99_998));
        record.release();
        ch.finishAndReleaseAll();
    }
}
