package dev.probe.core.qualify;

import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.BadParameterException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.Deflater;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;

/**
 * How a sample of real redo (an archived log copied from the primary, {@code qualify --redo-sample}) compresses
 * with zlib (the JDK's Deflater, level 1, one stream: what Data Guard's {@code COMPRESSION=ENABLE} uses) and
 * with LZ4 (1 MiB blocks), and what each costs in CPU seconds per GiB of redo on this machine. From it: the
 * bandwidth redo needs when compressed, the primary's CPU at the peak redo rate, and a payload that compresses
 * as the sample does. A sample that is not a redo log is measured all the same; {@code looksLikeRedo} says which.
 *
 * <pre>{@code
 * RedoCompression c = RedoCompression.measure(Path.of("/u01/arch/1_123_456.arc"), RedoCompression.MAX_SAMPLE);
 * c.zlibRatio();                       // compressed / original, e.g. 0.42
 * c.zlibCores(45e6);                   // cores zlib needs at 45 MB/s of redo
 * }</pre>
 *
 * @param sample        the file measured
 * @param bytes         bytes read from it (at most {@link #MAX_SAMPLE})
 * @param zlibRatio     zlib's compressed size / original
 * @param zlibCpuPerGib zlib's CPU seconds per GiB of input
 * @param lz4Ratio      LZ4's compressed size / original
 * @param lz4CpuPerGib  LZ4's CPU seconds per GiB of input
 * @param looksLikeRedo the file carries Oracle redo block signatures (0x22 format byte at block starts)
 */
public record RedoCompression(Path sample, long bytes, double zlibRatio, double zlibCpuPerGib, double lz4Ratio,
        double lz4CpuPerGib, boolean looksLikeRedo) {

    /** The most of a sample that is read: 1 GiB is seconds of CPU and plenty to know a ratio. */
    public static final long MAX_SAMPLE = 1L << 30;
    private static final int BLOCK = 1 << 20;
    private static final double GIB = 1L << 30;

    /** Reads up to {@code maxBytes} of {@code file} and compresses them both ways; bad files name the flag. */
    public static RedoCompression measure(Path file, long maxBytes) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new BadParameterException("--redo-sample", file + " is not a readable file");
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        Deflater zlib = new Deflater(Deflater.BEST_SPEED);
        LZ4Compressor lz4 = LZ4Factory.fastestInstance().fastCompressor();
        byte[] in = new byte[BLOCK];
        byte[] out = new byte[lz4.maxCompressedLength(BLOCK)];
        long read = 0;
        long zlibOut = 0;
        long lz4Out = 0;
        long zlibNanos = 0;
        long lz4Nanos = 0;
        boolean redo = false;
        try (InputStream s = Files.newInputStream(file)) {
            for (int n; read < maxBytes && (n = s.readNBytes(in, 0, (int) Math.min(BLOCK, maxBytes - read))) > 0;) {
                if (read == 0) {
                    redo = redoSignature(in, n);
                }
                long t = cpu.getCurrentThreadCpuTime();
                zlib.setInput(in, 0, n);
                while (!zlib.needsInput()) {
                    zlibOut += zlib.deflate(out);
                }
                long t2 = cpu.getCurrentThreadCpuTime();
                lz4Out += lz4.compress(in, 0, n, out, 0, out.length);
                lz4Nanos += cpu.getCurrentThreadCpuTime() - t2;
                zlibNanos += t2 - t;
                read += n;
            }
            long t = cpu.getCurrentThreadCpuTime();
            zlib.finish();
            while (!zlib.finished()) {
                zlibOut += zlib.deflate(out);
            }
            zlibNanos += cpu.getCurrentThreadCpuTime() - t;
        } catch (IOException e) {
            throw new BadParameterException("--redo-sample", file + " cannot be read: " + e.getMessage());
        } finally {
            zlib.end();
        }
        if (read == 0) {
            throw new BadParameterException("--redo-sample", file + " is empty");
        }
        return new RedoCompression(file, read, (double) zlibOut / read, zlibNanos / 1e9 / (read / GIB),
                (double) lz4Out / read, lz4Nanos / 1e9 / (read / GIB), redo);
    }

    /** Oracle redo blocks start 0x01 0x22 (block type, format); the file header block 0x00 0x22. */
    private static boolean redoSignature(byte[] b, int n) {
        if (n < 2 || b[1] != 0x22) {
            return false;
        }
        for (int size : new int[] {512, 1024, 4096}) {
            if (n > size + 1 && b[size] == 0x01 && b[size + 1] == 0x22) {
                return true;
            }
        }
        return false;
    }

    /** Content that compresses as this sample does with zlib (R clamped to what compressible:R allows). */
    public Payload payload() {
        double r = Math.max(Payload.MIN_RATIO, Math.min(1, zlibRatio));
        return Payload.parse("compressible:" + Math.round(r * 1000) / 1000.0);
    }

    /** The bandwidth redo needs when zlib compresses it, given what it needs uncompressed. */
    public double compressedBps(double requiredBitsPerS) {
        return requiredBitsPerS * zlibRatio;
    }

    /** Cores zlib keeps busy compressing {@code redoBytesPerSecond} of redo (on this machine's CPU). */
    public double zlibCores(double redoBytesPerSecond) {
        return zlibCpuPerGib * redoBytesPerSecond / GIB;
    }

    /** Cores LZ4 keeps busy compressing {@code redoBytesPerSecond} of redo. */
    public double lz4Cores(double redoBytesPerSecond) {
        return lz4CpuPerGib * redoBytesPerSecond / GIB;
    }
}
