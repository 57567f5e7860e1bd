package dev.probe.core.payload;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32C;

/**
 * The bytes a run sends, addressed by stream and offset and derived from the run's seed, so a receiver can
 * check what arrived without anyone storing what was sent. A stream is a bulk piece or a test connection; its
 * bytes are laid out in 1 MiB blocks, each drawn afresh from the seed, so no block of a run repeats another.
 *
 * <pre>{@code
 * Content c = Content.of(Payload.RANDOM, Content.seed("run-1", salt), pieceSize);
 * c.fill(buf, piece, chunk * Content.BLOCK, length);          // the sender
 * int crc = c.expectedCrc(piece, chunk * Content.BLOCK, length); // the receiver
 * }</pre>
 */
public interface Content extends AutoCloseable {
    /** The unit content is drawn in: a bulk chunk is one block. */
    int BLOCK = 1 << 20;

    /** Writes bytes {@code [offset, offset + out.remaining())} of {@code stream} into {@code out}, up to its limit. */
    void fill(ByteBuffer out, long stream, long offset);

    /**
     * The CRC32C of bytes {@code [offset, offset + length)} of {@code stream}: by making them, 1 MiB at a time into
     * one buffer per thread, unless a content has a quicker way.
     */
    default int expectedCrc(long stream, long offset, int length) {
        ByteBuffer scratch = Scratch.BLOCKS.get();
        CRC32C crc = new CRC32C();
        for (int done = 0; done < length;) {
            int n = Math.min(BLOCK, length - done);
            scratch.clear().limit(n);
            fill(scratch, stream, offset + done);
            crc.update(scratch.flip());
            done += n;
        }
        return (int) crc.getValue();
    }

    /** True when the content follows from the seed alone (a receiver can check it); false for a user's file. */
    boolean derivable();

    /** Appends {@code length} bytes of {@code stream} from {@code offset} to {@code out}. */
    default ByteBuf fill(ByteBuf out, long stream, long offset, int length) {
        out.ensureWritable(length);
        int at = out.writerIndex();
        fill(out.nioBuffer(at, length), stream, offset);
        return out.writerIndex(at + length);
    }

    /** Releases what the content holds open (a file); nothing for generated content. */
    @Override
    default void close() {
    }

    /**
     * The content of {@code payload} for a run of {@code seed}. {@code stride} places stream k of a file payload
     * at byte k x stride of the file's loop (a bulk run's piece size: pieces follow each other in the file);
     * 0 starts every stream at the file's first byte (test connections).
     */
    static Content of(Payload payload, long seed, long stride) {
        return payload.type() == Payload.Type.FILE
                ? FileContent.open(payload.file(), seed, stride)
                : new PoolContent(payload, seed);
    }

    /** A run's seed: its name mixed with a per-run salt, so two runs of the same name still differ. */
    static long seed(String runId, long salt) {
        long h = 0xcbf29ce484222325L;
        for (byte b : runId.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ b) * 0x100000001b3L;
        }
        return mix(h ^ mix(salt + 0x9E3779B97F4A7C15L));
    }

    /** A fresh random salt for a run. */
    static long newSalt() {
        return ThreadLocalRandom.current().nextLong();
    }

    /** SplitMix64's finaliser: a bijection that spreads every input bit over the output. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** The per-thread buffer {@link #expectedCrc} makes content into. */
    final class Scratch {
        static final ThreadLocal<ByteBuffer> BLOCKS = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(BLOCK));

        private Scratch() {
        }
    }
}
