package dev.probe.core.payload;

import io.netty.util.internal.PlatformDependent;
import java.nio.ByteBuffer;

/**
 * The hot loops of generated content: a run of pool bytes XOR a 64-bit key's little-endian lanes, and a run of
 * zeros, written into a direct or heap buffer. Through Unsafe where Netty has it (a long at a time, about
 * memcpy's speed: PayloadBenchmark), else through ByteBuffer's checked accesses (five times slower).
 */
final class Keying {
    private static final boolean UNSAFE = PlatformDependent.hasUnsafe();

    private Keying() {
    }

    /**
     * Writes {@code n} bytes at {@code out[dst]}: {@code pool[src + i] ^ lane((in + i) % 8)} of {@code key}.
     * {@code pool} is direct; {@code src} and {@code in} agree modulo 8.
     */
    static void xor(ByteBuffer pool, int src, ByteBuffer out, int dst, int n, long key, int in) {
        int i = 0;
        for (; i < n && ((in + i) & 7) != 0; i++) {
            out.put(dst + i, (byte) (pool.get(src + i) ^ (key >>> (((in + i) & 7) << 3))));
        }
        int words = (n - i) & ~7;
        if (UNSAFE && (out.isDirect() || out.hasArray())) {
            long k = PlatformDependent.BIG_ENDIAN_NATIVE_ORDER ? Long.reverseBytes(key) : key;
            long from = PlatformDependent.directBufferAddress(pool) + src + i;
            if (out.isDirect()) {
                long to = PlatformDependent.directBufferAddress(out) + dst + i;
                for (int w = 0; w < words; w += 8) {
                    PlatformDependent.putLong(to + w, PlatformDependent.getLong(from + w) ^ k);
                }
            } else {
                byte[] array = out.array();
                int to = out.arrayOffset() + dst + i;
                for (int w = 0; w < words; w += 8) {
                    PlatformDependent.putLong(array, to + w, PlatformDependent.getLong(from + w) ^ k);
                }
            }
            i += words;
        } else {
            for (int end = i + words; i < end; i += 8) {
                out.putLong(dst + i, pool.getLong(src + i) ^ key);
            }
        }
        for (; i < n; i++) {
            out.put(dst + i, (byte) (pool.get(src + i) ^ (key >>> (((in + i) & 7) << 3))));
        }
    }

    /** Writes {@code n} zeros at {@code out[dst]}. */
    static void zero(ByteBuffer out, int dst, int n) {
        if (UNSAFE && out.isDirect()) {
            PlatformDependent.setMemory(PlatformDependent.directBufferAddress(out) + dst, n, (byte) 0);
        } else if (UNSAFE && out.hasArray()) {
            PlatformDependent.setMemory(out.array(), out.arrayOffset() + dst, n, (byte) 0);
        } else {
            for (int i = 0; i < n; i++) {
                out.put(dst + i, (byte) 0);
            }
        }
    }
}
