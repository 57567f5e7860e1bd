package dev.probe.bench;

import dev.probe.core.payload.Content;
import dev.probe.core.payload.Payload;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.util.zip.CRC32C;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import java.util.concurrent.TimeUnit;

/**
 * Ways to make 1 MiB of never-repeating payload in a direct buffer (what a sender pays per chunk), and what a
 * receiver pays to check one. {@code generator}: {@code pool-xor} is what probe sends (a window of a random pool
 * XOR a per-block key, {@code Content}); {@code aes-ctr} is AES/CTR keystream through the JDK's intrinsics into a
 * heap array, then copied to the direct buffer; {@code aes-ctr-direct} the same straight into the direct buffer;
 * {@code xoshiro} a xoshiro256** fill, one long at a time; {@code copy} is a plain 1 MiB memcpy, the floor any
 * fresh content pays. {@code checkBlock} is the receiver's expected CRC32C from tables; {@code crcBlock} is the
 * CRC32C of the received bytes, which the receiver computes in any case.
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PayloadBenchmark extends AbstractBenchmark {
    private static final int BLOCK = Content.BLOCK;

    @Param({"pool-xor", "unsafe-xor", "heap-xor", "aes-ctr", "aes-ctr-direct", "xoshiro", "copy"})
    public String generator;

    private final ByteBuffer out = ByteBuffer.allocateDirect(BLOCK).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer source = ByteBuffer.allocateDirect(BLOCK);
    private final ByteBuffer zerosDirect = ByteBuffer.allocateDirect(BLOCK);
    private final byte[] zeros = new byte[BLOCK];
    private final byte[] heap = new byte[BLOCK];
    private final ByteBuffer poolDirect = ByteBuffer.allocateDirect(4 * BLOCK);
    private final long[] poolLongs = new long[BLOCK / 2];
    private final long[] scratch = new long[BLOCK / 8];
    private Content content;
    private Cipher cipher;
    private SecretKeySpec key;
    private long block;
    private long s0 = 0x9E3779B97F4A7C15L;
    private long s1 = 0xBF58476D1CE4E5B9L;
    private long s2 = 0x94D049BB133111EBL;
    private long s3 = 0x2545F4914F6CDD1DL;

    @Setup
    public void setup() throws GeneralSecurityException {
        content = Content.of(Payload.RANDOM, 42, 0);
        cipher = Cipher.getInstance("AES/CTR/NoPadding");
        key = new SecretKeySpec(new byte[16], "AES");
        content.expectedCrc(0, 0, BLOCK);
    }

    @Benchmark
    public ByteBuffer generate() throws GeneralSecurityException {
        long b = block++;
        out.clear();
        switch (generator) {
            case "pool-xor" -> content.fill(out, 7, b * BLOCK);
            case "aes-ctr" -> {
                cipher.init(Cipher.ENCRYPT_MODE, key, iv(b));
                cipher.doFinal(zeros, 0, BLOCK, heap, 0);
                out.put(heap);
            }
            case "aes-ctr-direct" -> {
                cipher.init(Cipher.ENCRYPT_MODE, key, iv(b));
                cipher.doFinal(zerosDirect.clear(), out);
            }
            case "xoshiro" -> xoshiro();
            case "unsafe-xor" -> {
                long src = io.netty.util.internal.PlatformDependent.directBufferAddress(poolDirect) + (b & 3) * 65536;
                long dst = io.netty.util.internal.PlatformDependent.directBufferAddress(out);
                long k = b * 0x9E3779B97F4A7C15L;
                for (int i = 0; i < BLOCK; i += 8) {
                    io.netty.util.internal.PlatformDependent.putLong(dst + i,
                            io.netty.util.internal.PlatformDependent.getLong(src + i) ^ k);
                }
            }
            case "heap-xor" -> {
                long k = b * 0x9E3779B97F4A7C15L;
                int base = (int) (b & 3) * 8192;
                for (int i = 0; i < scratch.length; i++) {
                    scratch[i] = poolLongs[base + i] ^ k;
                }
                out.asLongBuffer().put(scratch);
            }
            case "copy" -> out.put(source.clear());
            default -> throw new IllegalStateException(generator);
        }
        return out;
    }

    @Benchmark
    public int checkBlock() {
        return content.expectedCrc(7, (block++ & 1023) * BLOCK, BLOCK);
    }

    @Benchmark
    public long crcBlock() {
        CRC32C crc = new CRC32C();
        crc.update(source.clear());
        return crc.getValue();
    }

    private void xoshiro() {
        for (int i = 0; i < BLOCK; i += 8) {
            long result = Long.rotateLeft(s1 * 5, 7) * 9;
            long t = s1 << 17;
            s2 ^= s0;
            s3 ^= s1;
            s1 ^= s2;
            s0 ^= s3;
            s2 ^= t;
            s3 = Long.rotateLeft(s3, 45);
            out.putLong(i, result);
        }
    }

    private static IvParameterSpec iv(long b) {
        return new IvParameterSpec(ByteBuffer.allocate(16).putLong(b).putLong(0).array());
    }
}
