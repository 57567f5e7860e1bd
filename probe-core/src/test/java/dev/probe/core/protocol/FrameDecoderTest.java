package dev.probe.core.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The frame codec on an EmbeddedChannel: streaming, limits before allocation, typed errors. */
class FrameDecoderTest {
    private final EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(), FrameEncoder.INSTANCE);

    private static ByteBuf header(int magic, int version, int type, int flags, long length) {
        ByteBuf b = Unpooled.buffer();
        b.writeInt(magic).writeByte(version).writeByte(type).writeShort(flags).writeInt((int) length);
        return b;
    }

    private static ByteBuf frame(FrameType type, byte[] payload) {
        ByteBuf b = header(Frames.MAGIC, Frames.VERSION, type.code(), 0, payload.length);
        return b.writeBytes(payload);
    }

    private Throwable failureOf(ByteBuf in) {
        DecoderException e = assertThrows(DecoderException.class, () -> ch.writeInbound(in));
        return e instanceof TooLongFrameException || e instanceof ProtocolException ? e : e.getCause();
    }

    @Test
    void controlFrameIsAggregatedAndParsedEvenWhenSplit() {
        ByteBuf f = frame(FrameType.END, "{\"bytes_sent\":5,\"messages_sent\":1}".getBytes(StandardCharsets.UTF_8));
        ch.writeInbound(f.readRetainedSlice(7));
        assertNull(ch.readInbound(), "nothing before the frame is whole");
        ch.writeInbound(f.readRetainedSlice(f.readableBytes()));
        f.release();
        ControlFrame c = ch.readInbound();
        assertEquals(FrameType.END, c.type());
        assertEquals(5, c.body().get("bytes_sent").asLong());
    }

    @Test
    void dataPayloadIsStreamedInChunksWithFirstAndLastMarked() {
        byte[] payload = new byte[100_000];
        ByteBuf f = frame(FrameType.DATA, payload);
        ch.writeInbound(f.readRetainedSlice(12 + 30_000));
        ch.writeInbound(f.readRetainedSlice(f.readableBytes()));
        f.release();
        DataChunk first = ch.readInbound();
        DataChunk second = ch.readInbound();
        assertTrue(first.first());
        assertFalse(first.last());
        assertFalse(second.first());
        assertTrue(second.last());
        assertEquals(100_000, first.content().readableBytes() + second.content().readableBytes());
        first.release();
        second.release();
        assertNull(ch.readInbound());
    }

    @Test
    void zeroLengthDataIsOneEmptyChunkThatIsFirstAndLast() {
        ch.writeInbound(frame(FrameType.DATA, new byte[0]));
        DataChunk c = ch.readInbound();
        assertTrue(c.first() && c.last());
        assertEquals(0, c.content().readableBytes());
        c.release();
    }

    @Test
    void encoderRoundTripsControlAckAndMark() {
        ObjectNode body = Json.object().put("session_id", "x");
        ch.writeOutbound(new ControlFrame(FrameType.JOIN, body), new Ack(1234), Mark.INSTANCE);
        for (Object out; (out = ch.readOutbound()) != null;) {
            ch.writeInbound(out);
        }
        ControlFrame join = ch.readInbound();
        assertEquals("x", join.body().get("session_id").asText());
        assertEquals(new Ack(1234), ch.readInbound());
        assertEquals(Mark.INSTANCE, ch.readInbound());
    }

    @Test
    void wrongMagicIsATypedErrorNamingTheValueAndLaterInputIsDiscarded() {
        Throwable t = failureOf(header(0x47455420, 1, 1, 0, 0));
        assertInstanceOf(ProtocolException.class, t);
        assertTrue(t.getMessage().contains("the other end sent bytes 0x47455420"), t.getMessage());
        ch.writeInbound(frame(FrameType.DATA, new byte[10]));
        assertNull(ch.readInbound(), "a failed decoder discards everything after the error");
    }

    @Test
    void wrongVersionUnknownTypeAndFlagsAreRejected() {
        assertTrue(failureOf(header(Frames.MAGIC, 9, 1, 0, 0)).getMessage().contains(
                "Unsupported protocol version: 9"));
        EmbeddedChannel c2 = new EmbeddedChannel(new FrameDecoder());
        DecoderException e = assertThrows(DecoderException.class, () -> c2.writeInbound(header(Frames.MAGIC, 1, 99, 0,
                0)));
        assertTrue(e.getMessage().contains("Unknown frame type: 99"), e.getMessage());
        EmbeddedChannel c3 = new EmbeddedChannel(new FrameDecoder());
        e = assertThrows(DecoderException.class, () -> c3.writeInbound(header(Frames.MAGIC, 1, 6, 0x80, 0)));
        assertTrue(e.getMessage().contains("Unsupported flags 0x80"), e.getMessage());
    }

    @Test
    void lengthOfFFFFFFFFIsRejectedFromTheHeaderAloneBeforeAnyAllocation() {
        Throwable t = failureOf(header(Frames.MAGIC, 1, FrameType.DATA.code(), 0, 0xFFFFFFFFL));
        assertInstanceOf(TooLongFrameException.class, t);
        assertTrue(t.getMessage().contains("4294967295 exceeds the maximum 67108864"), t.getMessage());
    }

    @Test
    void controlFrameOver8KiBIsRejected() {
        Throwable t = failureOf(header(Frames.MAGIC, 1, FrameType.HELLO.code(), 0, 8193));
        assertInstanceOf(TooLongFrameException.class, t);
    }

    @Test
    void fixedLengthFramesMustHaveTheirLength() {
        Throwable t = failureOf(header(Frames.MAGIC, 1, FrameType.ACK.code(), 0, 4));
        assertTrue(t.getMessage().contains("ACK frame length 4 must be 8"), t.getMessage());
    }

    @Test
    void controlPayloadMustBeAJsonObject() {
        Throwable t = failureOf(frame(FrameType.HELLO, "not json".getBytes(StandardCharsets.UTF_8)));
        assertTrue(t.getMessage().startsWith("HELLO payload is not valid JSON"), t.getMessage());
        EmbeddedChannel c2 = new EmbeddedChannel(new FrameDecoder());
        DecoderException e = assertThrows(DecoderException.class,
                () -> c2.writeInbound(frame(FrameType.HELLO, "[1,2]".getBytes(StandardCharsets.UTF_8))));
        assertTrue(e.getMessage().contains("must be a JSON object, got array"), e.getMessage());
    }

    @Test
    void deeplyNestedJsonIsRejected() {
        String deep = "{\"a\":".repeat(50) + "1" + "}".repeat(50);
        Throwable t = failureOf(frame(FrameType.HELLO, deep.getBytes(StandardCharsets.UTF_8)));
        assertInstanceOf(ProtocolException.class, t);
    }

    @Test
    void truncatedFrameYieldsNothingAndIsFreedOnClose() {
        ByteBuf partial = header(Frames.MAGIC, 1, FrameType.END.code(), 0, 100).writeBytes(new byte[20]);
        ch.writeInbound(partial);
        assertNull(ch.readInbound());
        assertFalse(ch.finish(), "no message comes out of a truncated frame");
        assertEquals(0, partial.refCnt(), "the partial frame's bytes are released");
    }
}
