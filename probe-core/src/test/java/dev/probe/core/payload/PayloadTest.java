package dev.probe.core.payload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.qualify.RedoCompression;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The content of each payload: its bytes, its checks, its compressibility, and what bad spellings get. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PayloadTest {
    private static final int BLOCK = Content.BLOCK;

    @TempDir
    Path dir;

    @Test
    void spellingsRoundTripAndBadOnesNameTheFlagAndValue() {
        for (String s : new String[] {"random", "zeros", "compressible:0.5", "compressible:0.25", "file:/tmp/x.arc"}) {
            assertEquals(s, Payload.parse(s).toString());
        }
        assertEquals(Payload.RANDOM, Payload.parse("RANDOM"));
        assertEquals(0.3, Payload.parse("compressible:.3").ratio());
        assertEquals("payload: 'lz4' is not random, compressible:R (R from 0.1 to 1), zeros or file:PATH",
                assertThrows(BadParameterException.class, () -> Payload.parse("lz4")).getMessage());
        assertEquals("payload: 'compressible:0.05': R is the share compression leaves, from 0.1 to 1",
                assertThrows(BadParameterException.class, () -> Payload.parse("compressible:0.05")).getMessage());
        assertThrows(BadParameterException.class, () -> Payload.parse("compressible:1.5"));
        assertThrows(BadParameterException.class, () -> Payload.parse("compressible:"));
        assertThrows(BadParameterException.class, () -> Payload.parse("file:"));
        assertTrue(assertThrows(BadParameterException.class, () -> Content.of(Payload.parse("file:" + dir.resolve(
                "no")),
                1, 0)).getMessage().contains("is not a readable file"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"random", "compressible:0.5", "zeros"})
    void anyRangeIsTheSameBytesHowEverItIsCutAndInWhateverBuffer(String spelling) {
        Content c = Content.of(Payload.parse(spelling), 77, 0);
        ByteBuffer whole = ByteBuffer.allocate(3 * BLOCK + 1000);
        c.fill(whole, 5, 12_345);
        int[] cuts = {0, 1, 7, 8, 4095, 4096, 70_000, BLOCK - 3, BLOCK + 5, 2 * BLOCK + 999, whole.capacity()};
        ByteBuffer pieces = ByteBuffer.allocateDirect(whole.capacity());
        for (int i = 0; i + 1 < cuts.length; i++) {
            ByteBuffer part = pieces.duplicate().position(cuts[i]).limit(cuts[i + 1]);
            c.fill(part, 5, 12_345L + cuts[i]);
        }
        byte[] a = whole.array();
        byte[] b = new byte[a.length];
        pieces.get(0, b);
        assertArrayEquals(a, b);
    }

    @ParameterizedTest
    @ValueSource(strings = {"random", "compressible:0.25", "compressible:0.75", "zeros"})
    void aReceiverKnowsEachBlocksCrcWithoutMakingIt(String spelling) {
        Content c = Content.of(Payload.parse(spelling), 4242, 0);
        ByteBuffer block = ByteBuffer.allocateDirect(BLOCK);
        for (long b = 0; b < 40; b++) {
            block.clear();
            c.fill(block, b % 3, b * BLOCK);
            CRC32C crc = new CRC32C();
            crc.update(block.flip());
            assertEquals((int) crc.getValue(), c.expectedCrc(b % 3, b * BLOCK, BLOCK), spelling + " block " + b);
            assertEquals((int) crc(block, 1000), c.expectedCrc(b % 3, b * BLOCK, 1000), "a short chunk");
        }
    }

    @Test
    void randomBlocksNeverRepeatAcrossStreamsOffsetsAndRuns() {
        Content run = Content.of(Payload.RANDOM, Content.seed("r", 1), 0);
        Content again = Content.of(Payload.RANDOM, Content.seed("r", 2), 0);
        byte[] first = bytes(run, 0, 0, 4096);
        assertFalse(Arrays.equals(first, bytes(run, 1, 0, 4096)), "another stream");
        assertFalse(Arrays.equals(first, bytes(run, 0, BLOCK, 4096)), "another block");
        assertFalse(Arrays.equals(first, bytes(again, 0, 0, 4096)), "another run of the same name");
        assertArrayEquals(first, bytes(Content.of(Payload.RANDOM, Content.seed("r", 1), 0), 0, 0, 4096), "derivable");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.25, 0.5, 0.75})
    void compressibleShrinksToItsRatioUnderZstdAndGzip(double r) throws Exception {
        Path f = write(Content.of(Payload.parse("compressible:" + r), 99, 0), 64);
        assertEquals(r, Compressors.ratio(f, "zstd", "-3", "--long=27", "-q", "-c"), 0.05, "zstd");
        assertEquals(r, Compressors.ratio(f, "gzip", "-1", "-c"), 0.05, "gzip");
    }

    @Test
    void zerosCompressToNothingAndRandomNotAtAll() throws Exception {
        assertTrue(Compressors.ratio(write(Content.of(Payload.parse("zeros"), 1, 0), 16), "gzip", "-1", "-c") < 0.01);
        assertTrue(Compressors.ratio(write(Content.of(Payload.RANDOM, 1, 0), 16), "gzip", "-1", "-c") >= 0.99);
    }

    @Test
    void aFileIsSentInOrderLoopedWithEveryBlockStamped() throws Exception {
        byte[] text = sampleText(3 * 4096 + 100);
        Path f = Files.write(dir.resolve("redo.arc"), text);
        Content c = Content.of(Payload.parse("file:" + f), 5, 0);
        byte[] three = bytes(c, 0, 0, 3 * text.length);
        for (int i = 0; i < three.length; i++) {
            if (i % FileContent.STAMP_EVERY >= 8) {
                assertEquals(text[i % text.length], three[i], "byte " + i + " is the file's");
            }
        }
        byte[] loop0 = Arrays.copyOfRange(three, 0, text.length);
        byte[] loop1 = Arrays.copyOfRange(three, text.length, 2 * text.length);
        assertFalse(Arrays.equals(loop0, loop1), "each loop differs");
        assertFalse(Arrays.equals(bytes(c, 0, 0, 512), bytes(c, 1, 0, 512)), "each stream differs");
        assertArrayEquals(Arrays.copyOfRange(three, 700, 5000), bytes(c, 0, 700, 4300), "any range alike");
        Content pieces = Content.of(Payload.parse("file:" + f), 5, 4096);
        byte[] piece1 = bytes(pieces, 1, 0, 4096);
        for (int i = 0; i < piece1.length; i++) {
            if (i % FileContent.STAMP_EVERY >= 8) {
                assertEquals(text[4096 + i], piece1[i], "piece k starts k x stride into the loop: byte " + i);
            }
        }
        int crc = c.expectedCrc(0, 100, 5000);
        assertEquals((int) crc(ByteBuffer.wrap(bytes(c, 0, 100, 5000)), 5000), crc);
        c.close();
        assertTrue(assertThrows(BadParameterException.class, () -> Content.of(Payload.parse("file:"
                + Files.createFile(dir.resolve("empty"))), 1, 0)).getMessage().endsWith("is empty"));
    }

    @Test
    void aRedoSampleIsMeasuredWithZlibAndLz4() throws Exception {
        Path half = write(Content.of(Payload.parse("compressible:0.5"), 3, 0), 8);
        var c = RedoCompression.measure(half, 1L << 30);
        assertEquals(8L << 20, c.bytes());
        assertEquals(0.5, c.zlibRatio(), 0.05);
        assertTrue(c.lz4Ratio() > 0.45 && c.lz4Ratio() < 0.6, "lz4 " + c.lz4Ratio());
        assertTrue(c.zlibCpuPerGib() > 0 && c.lz4CpuPerGib() > 0);
        assertEquals(0.5, c.payload().ratio(), 0.05);
        assertFalse(c.looksLikeRedo());
        assertTrue(assertThrows(BadParameterException.class, () -> RedoCompression.measure(
                dir.resolve("missing.arc"), 1 << 20)).getMessage().startsWith("--redo-sample: "));
    }

    private static byte[] sampleText(int n) {
        Random r = new Random(1);
        StringBuilder sb = new StringBuilder();
        String[] words = {"INSERT", "INTO", "orders", "VALUES", "(", ")", "COMMIT", "scn", "redo", "block"};
        while (sb.length() < n) {
            sb.append(words[r.nextInt(words.length)]).append(' ').append(r.nextInt(1000)).append(' ');
        }
        return sb.substring(0, n).getBytes(StandardCharsets.US_ASCII);
    }

    private Path write(Content c, int mib) throws Exception {
        Path f = Files.createTempFile(dir, "content", ".bin");
        ByteBuffer b = ByteBuffer.allocateDirect(BLOCK);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
            for (int i = 0; i < mib; i++) {
                b.clear();
                c.fill(b, 0, (long) i * BLOCK);
                ch.write(b.flip());
            }
        }
        return f;
    }

    private static byte[] bytes(Content c, long stream, long offset, int n) {
        ByteBuffer b = ByteBuffer.allocate(n);
        c.fill(b, stream, offset);
        return b.array();
    }

    private static long crc(ByteBuffer b, int n) {
        CRC32C crc = new CRC32C();
        crc.update(b.duplicate().position(0).limit(n));
        return crc.getValue();
    }

    @Test
    void twoRunsOfOneNameDiffer() {
        assertNotEquals(Content.seed("nightly", Content.newSalt()), Content.seed("nightly", Content.newSalt()));
    }
}
