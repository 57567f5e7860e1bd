package dev.probe.core.payload;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32C;

/**
 * Random, compressible and zero content, one 1 MiB block at a time: block b of stream s is one of 16 windows
 * (4 KiB apart) of a random pool of 1 MiB + 60 KiB, chosen by hashing (seed, s, b), XORed with a 64-bit key from
 * the same hash, so every block of a run is new to a compressor or deduplicator: two blocks that share a window
 * differ in every byte their keys' lanes differ in, so a repeat of more than a few bytes is as rare as in random
 * data. Costs one XOR pass over the output, about twice memcpy's price (PayloadBenchmark).
 *
 * <p>{@code compressible:R} keeps the first R x 4096 bytes of every 4 KiB page and zeroes the rest (as fio's
 * buffer_compress_percentage does), so zstd and gzip shrink it to about R; {@code zeros} keeps none.
 *
 * <p>A receiver checks a whole block without making it: CRC32C is affine over XOR, so the block's CRC is the
 * CRC of its unkeyed window (a table per window) XORed with one table entry per set bit of the key.
 */
final class PoolContent implements Content {
    static final int POOL = (1 << 20) + 15 * 4096;
    static final int ALIGN = 4096;
    static final int PAGE = 4096;
    static final int SLOTS = (POOL - BLOCK) / ALIGN + 1;
    private static final ByteBuffer RANDOM_POOL = randomPool();
    private static final ConcurrentHashMap<Integer, int[][]> TABLES = new ConcurrentHashMap<>();

    private final long seed;
    /** Bytes kept in each 4 KiB page: 4096 random, 0 zeros. A multiple of 8. */
    private final int kept;

    PoolContent(Payload payload, long seed) {
        this.seed = seed;
        this.kept = Math.min(PAGE, (int) Math.round(payload.ratio() * PAGE / 8) * 8);
    }

    @Override
    public boolean derivable() {
        return true;
    }

    @Override
    public void fill(ByteBuffer out, long stream, long offset) {
        out.order(ByteOrder.LITTLE_ENDIAN);
        int at = out.position();
        int end = out.limit();
        while (at < end) {
            int in = (int) (offset & (BLOCK - 1));
            int n = Math.min(end - at, BLOCK - in);
            long h = hash(stream, offset >>> 20);
            block(RANDOM_POOL, slot(h) * ALIGN + in, out, at, n, key(h), in, kept);
            at += n;
            offset += n;
        }
        out.position(end);
    }

    @Override
    public int expectedCrc(long stream, long offset, int length) {
        if (length == BLOCK && (offset & (BLOCK - 1)) == 0) {
            long h = hash(stream, offset >>> 20);
            int[][] t = TABLES.computeIfAbsent(kept, PoolContent::tables);
            int crc = t[0][slot(h)];
            for (long key = key(h); key != 0; key &= key - 1) {
                crc ^= t[1][Long.numberOfTrailingZeros(key)];
            }
            return crc;
        }
        return Content.super.expectedCrc(stream, offset, length);
    }

    private long hash(long stream, long block) {
        return Content.mix(seed ^ Content.mix(stream + 0x9E3779B97F4A7C15L) ^ block * 0xC2B2AE3D27D4EB4FL);
    }

    private static int slot(long h) {
        return (int) Long.remainderUnsigned(h >>> 8, SLOTS);
    }

    private static long key(long h) {
        return Content.mix(h + 0x632BE59BD9B4E019L);
    }

    /**
     * Writes {@code n} bytes of a block from block offset {@code in}: the pool's bytes from {@code src} XOR the
     * key's little-endian lanes where a page keeps its bytes, zeros elsewhere.
     */
    private static void block(ByteBuffer pool, int src, ByteBuffer out, int dst, int n, long key, int in, int kept) {
        while (n > 0) {
            int phase = in & (PAGE - 1);
            int run;
            if (phase < kept) {
                run = kept == PAGE ? n : Math.min(n, kept - phase);
                Keying.xor(pool, src, out, dst, run, key, in);
            } else {
                run = Math.min(n, PAGE - phase);
                Keying.zero(out, dst, run);
            }
            src += run;
            dst += run;
            in += run;
            n -= run;
        }
    }

    private static ByteBuffer randomPool() {
        ByteBuffer pool = ByteBuffer.allocateDirect(POOL).order(ByteOrder.LITTLE_ENDIAN);
        SplittableRandom random = new SplittableRandom(0x5052_4F42_4255_4C4BL);
        for (int i = 0; i < POOL; i += 8) {
            pool.putLong(i, random.nextLong());
        }
        return pool;
    }

    /** [0]: CRC32C of each window unkeyed; [1]: each key bit's share of a whole block's CRC32C. */
    private static int[][] tables(int kept) {
        ByteBuffer block = ByteBuffer.allocateDirect(BLOCK).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer zeros = ByteBuffer.allocateDirect(BLOCK).order(ByteOrder.LITTLE_ENDIAN);
        int[] windows = new int[SLOTS];
        for (int s = 0; s < SLOTS; s++) {
            block(RANDOM_POOL, s * ALIGN, block, 0, BLOCK, 0, 0, kept);
            windows[s] = crc(block);
        }
        int zeroCrc = crc(zeros);
        int[] bits = new int[64];
        for (int j = 0; j < 64; j++) {
            block(zeros, 0, block, 0, BLOCK, 1L << j, 0, kept);
            bits[j] = crc(block) ^ zeroCrc;
        }
        return new int[][] {windows, bits};
    }

    private static int crc(ByteBuffer b) {
        CRC32C c = new CRC32C();
        c.update(b.duplicate().clear());
        return (int) c.getValue();
    }
}
