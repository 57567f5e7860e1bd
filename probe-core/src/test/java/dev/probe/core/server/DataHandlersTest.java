package dev.probe.core.server;

import static dev.probe.core.server.EmbeddedServer.reply;
import static dev.probe.core.testing.TestServers.helloOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Content;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.Ack;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.Ending.End;
import dev.probe.core.protocol.Ending.Result;
import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.protocol.Mark;
import dev.probe.core.protocol.Pieces.Piece;
import dev.probe.core.protocol.Pieces.PieceDone;
import dev.probe.core.testing.TestServers;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.FileRegion;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The redo and bulk data handlers on {@link EmbeddedChannel}, after a real handshake: what they answer to what. */
class DataHandlersTest {
    private static final int MIB = 1024 * 1024;

    @TempDir
    Path dir;
    private EmbeddedServer server;

    @BeforeEach
    void start() {
        server = new EmbeddedServer(TestServers.loopback(dir));
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.close();
    }

    /** A connection past its handshake for {@code spec}. */
    private EmbeddedChannel session(SessionSpec spec) {
        EmbeddedChannel ch = server.connect();
        ch.writeInbound(helloOf(1, Handshake.randomId(), spec).frame());
        Ready.from(reply(ch).body());
        return ch;
    }

    private static BulkParams bulk(Direction d, String run) {
        return BulkParams.builder(d, run).volume(2L * MIB).pieceSize(MIB).build();
    }

    @Test
    void syncMessagesAreAckedAndEndIsAnsweredWithTheReceiversCounts() {
        EmbeddedChannel ch = session(TestParams.builder(Mode.SYNC).length(1024).duration(Duration.ofSeconds(1))
                .build());
        ch.writeInbound(new DataChunk(Unpooled.wrappedBuffer(new byte[512]), true, false));
        assertNull(ch.readOutbound(), "no ACK before the message's last byte");
        ch.writeInbound(new DataChunk(Unpooled.wrappedBuffer(new byte[512]), false, true));
        assertEquals(0, ((Ack) ch.readOutbound()).diskNanos(), "ACK without a disk write");
        ch.writeInbound(Mark.INSTANCE);
        ch.writeInbound(new DataChunk(Unpooled.wrappedBuffer(new byte[1024]), true, true));
        ch.readOutbound();
        ch.writeInbound(new End(2048, 2).frame());
        Result r = Result.from(reply(ch).body());
        assertEquals(2048, r.bytesReceived());
        assertEquals(2, r.messagesReceived());
        assertEquals(1024, r.measuredBytes(), "measured from the MARK");
        ch.finishAndReleaseAll();
    }

    @Test
    void aBackupPieceIsVerifiedChunkByChunkAndACorruptOneEndsTheChannel() {
        BulkParams p = bulk(Direction.BACKUP, "emb");
        EmbeddedChannel ch = session(p);
        Content content = Content.of(Payload.RANDOM, p.seed(), p.pieceSize());
        ch.writeInbound(new Piece(0, MIB).frame());
        ch.writeInbound(new DataChunk(content.fill(Unpooled.buffer(), 0, 0, MIB), true, true));
        PieceDone done = PieceDone.from(reply(ch).body());
        assertEquals(0, done.piece());
        assertTrue(done.verified());

        ch.writeInbound(new Piece(1, MIB).frame());
        ByteBuf corrupt = content.fill(Unpooled.buffer(), 1, 0, MIB);
        corrupt.setByte(4096, corrupt.getByte(4096) ^ 1);
        ch.writeInbound(new DataChunk(corrupt, true, true));
        ControlFrame f = reply(ch);
        assertEquals(FrameType.ERROR, f.type());
        ErrorReply e = ErrorReply.from(f.body());
        assertEquals(ErrorCode.INTEGRITY, e.code());
        assertTrue(e.message().contains("piece 1"), e.message());
        assertFalse(ch.isOpen());
    }

    @Test
    void aRequestedRestorePieceIsStreamedWhole() {
        BulkParams p = bulk(Direction.RESTORE, "emb-restore");
        EmbeddedChannel ch = session(p);
        ch.writeInbound(new Piece(1, MIB).frame());
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        for (Object out; (out = ch.readOutbound()) != null;) {
            try {
                FileRegion region = (FileRegion) out;
                while (region.transferred() < region.count()) {
                    region.transferTo(Channels.newChannel(sent), region.transferred());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                ReferenceCountUtil.release(out);
            }
        }
        ByteBuf frame = Unpooled.wrappedBuffer(sent.toByteArray());
        assertEquals(Frames.HEADER_LENGTH + MIB, frame.readableBytes(), "one chunk: header and 1 MiB, made as sent");
        assertEquals(Frames.MAGIC, frame.getInt(0));
        assertEquals(FrameType.DATA.code(), frame.getByte(5));
        CRC32C crc = new CRC32C();
        crc.update(frame.nioBuffer(Frames.HEADER_LENGTH, MIB));
        assertEquals(Content.of(Payload.RANDOM, p.seed(), p.pieceSize()).expectedCrc(1, 0, MIB), (int) crc.getValue(),
                "piece 1's content for the run's seed");
        ch.writeInbound(new End(0, 0).frame());
        Result r = Result.from(reply(ch).body());
        assertEquals(MIB, r.bytesSent());
        assertEquals(1, r.pieces());
        ch.finishAndReleaseAll();
    }
}
