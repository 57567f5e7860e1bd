package dev.probe.core.bulk;

import dev.probe.core.params.BulkParams;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;

/**
 * Deterministic pseudo-random piece content that costs nothing to send: chunk j of piece k of a run is a
 * 1 MiB window of one 16 MiB random pool, at a 64 KiB-aligned offset chosen by hashing (run, piece, chunk).
 * Both ends compute the same offsets, so the receiver checks each chunk's CRC32C against a table made once
 * (241 windows) without storing anything. Short chunks (a piece's tail) are checked by computing the CRC.
 *
 * <p>Limitation: the content repeats windows of the pool, so a WAN optimiser that deduplicates would
 * inflate throughput; iperf3 has the same property.
 */
public final class PieceContent {
    private static final int POOL = 16 * 1024 * 1024;
    private static final int ALIGN = 64 * 1024;
    private static final int CHUNK = BulkParams.CHUNK;
    private static final int SLOTS = (POOL - CHUNK) / ALIGN + 1;
    private static final PieceContent SHARED = new PieceContent();

    private final ByteBuf pool;
    private final int[] crcs = new int[SLOTS];

    private PieceContent() {
        ByteBuffer bb = ByteBuffer.allocateDirect(POOL);
        SplittableRandom random = new SplittableRandom(0x5052_4F42_4255_4C4BL);
        while (bb.remaining() >= 8) {
            bb.putLong(random.nextLong());
        }
        bb.flip();
        pool = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(bb));
        for (int i = 0; i < SLOTS; i++) {
            crcs[i] = crc(i * ALIGN, CHUNK);
        }
    }

    /** The one content pool of this JVM (16 MiB, made on first use). */
    public static PieceContent shared() {
        return SHARED;
    }

    /** The 64-bit seed of a run id. */
    public static long seed(String runId) {
        long h = 0xcbf29ce484222325L;
        for (byte b : runId.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ b) * 0x100000001b3L;
        }
        return mix(h);
    }

    private static int slot(long seed, long piece, long chunk) {
        long h = mix(seed ^ mix(piece + 0x9E3779B97F4A7C15L) ^ mix(chunk * 0xC2B2AE3D27D4EB4FL));
        return (int) Long.remainderUnsigned(h, SLOTS);
    }

    /** Chunk {@code chunk} of piece {@code piece}, {@code length} bytes, as a read-only slice (no copy). */
    public ByteBuf chunk(long seed, long piece, long chunk, int length) {
        return pool.retainedSlice(slot(seed, piece, chunk) * ALIGN, length);
    }

    /** The CRC32C that chunk {@code chunk} of piece {@code piece} must have. */
    public int expectedCrc(long seed, long piece, long chunk, int length) {
        int s = slot(seed, piece, chunk);
        return length == CHUNK ? crcs[s] : crc(s * ALIGN, length);
    }

    private int crc(int offset, int length) {
        CRC32C c = new CRC32C();
        c.update(pool.nioBuffer(offset, length));
        return (int) c.getValue();
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
