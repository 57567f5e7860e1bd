package dev.probe.core.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.payload.Content;
import dev.probe.core.payload.IntegrityException;
import dev.probe.core.payload.Payload;
import dev.probe.core.payload.PieceQueue;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.ProtocolException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Piece arithmetic, the shared queue, content determinism and chunk verification, without sockets. */
class BulkUnitTest {

    @Test
    void volumeSplitsIntoPiecesWithAShortLastOne() {
        BulkParams p = BulkLoopbackTest.volume(Direction.BACKUP, 2, 10L << 20, 3L << 20, "x");
        assertEquals(4, p.pieceCount());
        assertEquals(3L << 20, p.pieceLength(0));
        assertEquals(1L << 20, p.pieceLength(3));
        BulkParams exact = BulkLoopbackTest.volume(Direction.BACKUP, 2, 9L << 20, 3L << 20, "x");
        assertEquals(3, exact.pieceCount());
    }

    @Test
    void nonsenseSizesAreRefusedNamingTheValue() {
        assertTrue(assertThrows(BadParameterException.class,
                () -> BulkLoopbackTest.volume(Direction.BACKUP, 0, 1L << 30, 1L << 20, "x")).getMessage()
                        .startsWith("channels: 0 is out of range"));
        assertTrue(assertThrows(BadParameterException.class,
                () -> BulkLoopbackTest.volume(Direction.BACKUP, 1, 1L << 20, 1L << 30, "x")).getMessage()
                        .contains("larger than the volume"));
        assertThrows(BadParameterException.class, () -> BulkLoopbackTest.volume(Direction.BACKUP, 257, 1L << 30,
                1L << 20, "x"));
        assertThrows(BadParameterException.class, () -> BulkParams.builder(Direction.BACKUP, "x").volume(1L << 30)
                .duration(Duration.ofSeconds(5)).build());
        assertThrows(BadParameterException.class, () -> BulkLoopbackTest.volume(Direction.BACKUP, 1, 1L << 30, 1L << 20,
                ".."));
        assertThrows(BadParameterException.class, () -> BulkLoopbackTest.volume(Direction.BACKUP, 1, 1L << 30, 1L << 20,
                "a/b"));
    }

    @Test
    void queueHandsOutEachPieceOnceAcrossThreads() throws Exception {
        PieceQueue q = new PieceQueue(10_000, Long.MAX_VALUE);
        Set<Long> seen = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (int t = 0; t < 4; t++) {
            pool.submit(() -> {
                for (long k; (k = q.take()) >= 0;) {
                    assertTrue(seen.add(k));
                }
            });
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(10_000, seen.size());
        assertEquals(-1, q.take());
    }

    @Test
    void queueByDeadlineStopsWhenItPasses() {
        PieceQueue q = new PieceQueue(Long.MAX_VALUE, System.nanoTime() - 1);
        assertEquals(-1, q.take());
        assertTrue(q.expired());
    }

    @Test
    void contentIsDeterministicPerRunAndPieceAndDiffersBetweenRunsOfOneName() {
        long a = Content.seed("run-a", 1);
        assertNotEquals(a, Content.seed("run-b", 1));
        assertNotEquals(a, Content.seed("run-a", 2), "the salt tells two runs of one name apart");
        Content content = Content.of(Payload.RANDOM, a, 0);
        ByteBuf x = content.fill(Unpooled.buffer(), 3, 0, 4096);
        ByteBuf y = content.fill(Unpooled.directBuffer(), 3, 0, 4096);
        assertEquals(x, y, "heap and direct buffers get the same bytes");
        int differentPieces = 0;
        for (int k = 0; k < 20; k++) {
            if (content.expectedCrc(k, 0, BulkParams.CHUNK) != content.expectedCrc(k + 1, 0, BulkParams.CHUNK)) {
                differentPieces++;
            }
        }
        assertEquals(20, differentPieces);
        x.release();
        y.release();
    }

    private DataChunk chunkOf(long seed, long piece, long index, int length, boolean corrupt) {
        ByteBuf c = Content.of(Payload.RANDOM, seed, 0).fill(Unpooled.buffer(), piece, index * BulkParams.CHUNK,
                length);
        if (corrupt) {
            c.setByte(length / 2, c.getByte(length / 2) ^ 1);
        }
        return new DataChunk(c, true, true);
    }

    @Test
    void receiverAcceptsTheRightContentAndNamesACorruptedChunk() {
        long seed = Content.seed("v", 9);
        PieceReceiver r = new PieceReceiver(Content.of(Payload.RANDOM, seed, 0), true, 7);
        long len = 2L * BulkParams.CHUNK + 1000;
        r.begin(5, len);
        assertFalse(feed(r, chunkOf(seed, 5, 0, BulkParams.CHUNK, false)));
        assertFalse(feed(r, chunkOf(seed, 5, 1, BulkParams.CHUNK, false)));
        assertTrue(feed(r, chunkOf(seed, 5, 2, 1000, false)));
        r.begin(6, len);
        IntegrityException e = assertThrows(IntegrityException.class,
                () -> feed(r, chunkOf(seed, 6, 0, BulkParams.CHUNK, true)));
        assertEquals("piece 6 (channel 7): CRC32C mismatch in chunk 0 (bytes 0-1048575 of the piece)", e.getMessage());
    }

    @Test
    void receiverRejectsDataBeyondThePieceAndOutsideOne() {
        PieceReceiver r = new PieceReceiver(Content.of(Payload.RANDOM, 1, 0), false, 0);
        assertThrows(ProtocolException.class, () -> feed(r, new DataChunk(Unpooled.buffer(10).writeZero(10), true,
                true)));
        r.begin(0, 5);
        assertThrows(ProtocolException.class, () -> feed(r, new DataChunk(Unpooled.buffer(10).writeZero(10), true,
                true)));
    }

    /** Feeds one chunk to the receiver and releases it, as the channel handlers do. */
    private static boolean feed(PieceReceiver r, DataChunk c) {
        try {
            return r.accept(c);
        } finally {
            c.release();
        }
    }
}
