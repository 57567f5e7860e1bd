package dev.probe.bench;

import dev.probe.core.payload.Content;
import dev.probe.core.payload.Payload;
import io.netty.util.internal.PlatformDependent;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.util.concurrent.TimeUnit;
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

/**
 * Ways to make 1 MiB of never-repeating payload in a direct buffer (what a sender pays per chunk), and what a
 * receiver pays to check one. {@code generate}'s {@code generator}: {@code pool-xor} is what probe sends
 * ({@code Content}: a window of a random pool XOR a per-block key, through Unsafe); {@code pool-xor-checked} the
 * same loop through ByteBuffer's checked getLong/putLong; {@code aes-ctr} AES/CTR keystream through the JDK's
 * intrinsics into a heap array, then copied to the direct buffer; {@code aes-ctr-direct} the same straight into
 * the direct buffer; {@code xoshiro} a xoshiro256** fill, a long at a time; {@code copy} a plain 1 MiB memcpy,
 * the floor for any fresh content. {@code checkBlock} is the receiver's expected CRC32C from tables; {@code
 * crcBlock} the CRC32C of the received bytes, which the receiver computes in any case.
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PayloadBenchmark extends AbstractBenchmark {
    private static final int BLOCK = Content.BLOCK;

    private final ByteBuffer source = ByteBuffer.allocateDirect(BLOCK);
    private Content content;
    private long block;

    /** The generators compared, with what each needs. */
    @State(Scope.Thread)
    public static class Generators {
        @Param({"pool-xor", "pool-xor-checked", "aes-ctr", "aes-ctr-direct", "xoshiro", "copy"})
        public String generator;

        final ByteBuffer out = ByteBuffer.allocateDirect(BLOCK).order(ByteOrder.LITTLE_ENDIAN);
        final ByteBuffer pool = ByteBuffer.allocateDirect(2 * BLOCK).order(ByteOrder.LITTLE_ENDIAN);
        final ByteBuffer zerosDirect = ByteBuffer.allocateDirect(BLOCK);
        final byte[] zeros = new byte[BLOCK];
        final byte[] heap = new byte[BLOCK];
        Content content;
        Cipher cipher;
        SecretKeySpec key;
        long block;
        long s0 = 0x9E3779B97F4A7C15L;
        long s1 = 0xBF58476D1CE4E5B9L;
        long s2 = 0x94D049BB133111EBL;
        long s3 = 0x2545F4914F6CDD1DL;

        @Setup
        public void setup() throws GeneralSecurityException {
            content = Content.of(Payload.RANDOM, 42, 0);
            cipher = Cipher.getInstance("AES/CTR/NoPadding");
            key = new SecretKeySpec(new byte[16], "AES");
        }
    }

    @Setup
    public void setup() {
        content = Content.of(Payload.RANDOM, 42, 0);
        content.expectedCrc(0, 0, BLOCK);
    }

    @Benchmark
    public ByteBuffer generate(Generators g) throws GeneralSecurityException {
        long b = g.block++;
        ByteBuffer out = g.out.clear();
        switch (g.generator) {
            case "pool-xor" -> g.content.fill(out, 7, b * BLOCK);
            case "pool-xor-checked" -> {
                int from = (int) (b & 15) * 4096;
                long k = b * 0x9E3779B97F4A7C15L;
                for (int i = 0; i < BLOCK; i += 8) {
                    out.putLong(i, g.pool.getLong(from + i) ^ k);
                }
            }
            case "aes-ctr" -> {
                g.cipher.init(Cipher.ENCRYPT_MODE, g.key, iv(b));
                g.cipher.doFinal(g.zeros, 0, BLOCK, g.heap, 0);
                out.put(g.heap);
            }
            case "aes-ctr-direct" -> {
                g.cipher.init(Cipher.ENCRYPT_MODE, g.key, iv(b));
                g.cipher.doFinal(g.zerosDirect.clear(), out);
            }
            case "xoshiro" -> xoshiro(g, out);
            case "copy" -> PlatformDependent.copyMemory(PlatformDependent.directBufferAddress(source),
                    PlatformDependent.directBufferAddress(out), BLOCK);
            default -> throw new IllegalStateException(g.generator);
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

    private static void xoshiro(Generators g, ByteBuffer out) {
        for (int i = 0; i < BLOCK; i += 8) {
            long result = Long.rotateLeft(g.s1 * 5, 7) * 9;
            long t = g.s1 << 17;
            g.s2 ^= g.s0;
            g.s3 ^= g.s1;
            g.s1 ^= g.s2;
            g.s0 ^= g.s3;
            g.s2 ^= t;
            g.s3 = Long.rotateLeft(g.s3, 45);
            out.putLong(i, result);
        }
    }

    private static IvParameterSpec iv(long b) {
        return new IvParameterSpec(ByteBuffer.allocate(16).putLong(b).putLong(0).array());
    }
}
