package dev.probe.core.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Json;
import dev.probe.core.testing.TestFiles;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every profile briefly on a real file system of this machine (the build directory, not a temp directory that may
 * be in memory), with direct I/O: the points, the answers, the CSV matrices and the JSON; the refusals.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DiskCheckTest {
    private Path dir;

    @BeforeEach
    void dir() throws Exception {
        dir = Files.createDirectories(Path.of("target", "disk-check-test", Long.toHexString(System.nanoTime())));
        assumeTrue(!Files.getFileStore(dir).type().equals("tmpfs"), "the build directory is in memory here");
    }

    @AfterEach
    void clean() throws Exception {
        TestFiles.deleteTree(dir);
    }

    private static DiskParams params(EnumSet<Profile> profiles) {
        return new DiskParams(64L << 20, profiles, Duration.ofMillis(20), 70, Duration.ofMillis(100), 4, false, false);
    }

    private List<Path> leftovers() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("probe-disk-")).toList();
        }
    }

    @Test
    void everyProfileRunsWritesItsFilesAndLeavesNothingBehind() throws Exception {
        List<LoadPoint> heard = new ArrayList<>();
        DiskResult r = new DiskCheck(dir, params(EnumSet.allOf(Profile.class))).run(heard::add);
        assertEquals(r.points(), heard, "each point passed on as measured");
        assertEquals(Ladders.REDO_SIZES.length, r.of("redo").size());
        for (LoadPoint p : r.of("redo")) {
            assertTrue(p.writes() > 0 && p.reads() == 0 && p.writeLatency().p50() > 0, p.toString());
            assertEquals(p.ioSize() % r.blockSize() == 0, p.direct(), "direct exactly where the size is whole blocks");
        }
        assertFalse(r.of("oltp").isEmpty());
        LoadPoint first = r.of("oltp").get(0);
        assertTrue(first.reads() > 0 && first.writes() > 0, "a 70/30 mix: " + first);
        for (String w : List.of("seq-read", "seq-write", "rand-read", "rand-write")) {
            assertFalse(r.of(w).isEmpty(), w);
            assertTrue(r.of(w).get(0).mbps() > 0, w);
        }
        assertNotNull(r.dssAnswer());
        assertTrue(leftovers().isEmpty(), "the test file is removed");

        Path out = dir.resolve("out");
        DiskCsv.write(r, out);
        List<String> iops = Files.readAllLines(out.resolve("iops.csv"));
        assertEquals("outstanding,iops,read_iops,write_iops", iops.get(0));
        assertEquals(r.of("oltp").size() + 1, iops.size());
        assertEquals(5, Files.readAllLines(out.resolve("mbps.csv")).get(1).split(",", -1).length);
        assertEquals(Ladders.REDO_SIZES.length + 1, Files.readAllLines(out.resolve("redo.csv")).size());
        assertTrue(Files.readAllLines(out.resolve("lat.csv")).get(1).matches("1,[0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+"));

        JsonNode doc = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(r.toJson()));
        assertEquals("disk", doc.path("kind").asText());
        assertEquals(r.points().size(), doc.path("intervals").size());
        assertEquals(Ladders.REDO_SIZES.length, doc.at("/summary/redo").size());
        assertTrue(doc.at("/summary/dss/peak_mbps").asDouble() > 0);
        assertTrue(doc.at("/summary/oltp").has("iops"));
    }

    @Test
    void keepLeavesTheFileWrittenThroughAtItsSize() throws Exception {
        DiskParams keep = new DiskParams(64L << 20, EnumSet.of(Profile.REDO), Duration.ofMillis(20), 70,
                Duration.ofMillis(100), 1, false, true);
        new DiskCheck(dir, keep).run(p -> {});
        List<Path> kept = leftovers();
        assertEquals(1, kept.size());
        assertEquals(64L << 20, Files.size(kept.get(0)));
        // written through with random content, not sparse: the last MiB (never touched by redo's writes) holds data
        try (FileChannel ch = FileChannel.open(kept.get(0))) {
            ByteBuffer tail = ByteBuffer.allocate(4096);
            ch.read(tail, (64L << 20) - 4096);
            tail.flip();
            boolean allZero = true;
            while (tail.hasRemaining()) {
                allZero &= tail.get() == 0;
            }
            assertFalse(allZero, "the file's end was written");
        }
    }

    @Test
    void buffersAreAlignedToTheBlockEvenForIosSmallerThanOne() throws Exception {
        try (TestFile f = TestFile.create(dir, 64L << 20, false, false)) {
            for (int size : new int[] {512, 4096, 32 * 1024, 1 << 20}) {
                ByteBuffer b = f.buffer(size);
                assertEquals(size, b.remaining());
                assertEquals(0, b.alignmentOffset(0, f.block()), "aligned for " + size);
            }
        }
    }

    @Test
    void badDirectoriesAndSizesAreRefusedInOneLineBeforeAnythingIsWritten() throws Exception {
        DiskParams p = params(EnumSet.of(Profile.REDO));
        BadParameterException missing = assertThrows(BadParameterException.class,
                () -> new DiskCheck(dir.resolve("nope"), p).check());
        assertEquals("dir", missing.parameter());
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertEquals("dir", assertThrows(BadParameterException.class, () -> new DiskCheck(file, p).check())
                .parameter());
        FileStore store = Files.getFileStore(dir);
        long tooBig = (store.getUsableSpace() / (1L << 20) + 1024) << 20;
        assumeTrue(tooBig <= DiskParams.MAX_SIZE);
        DiskParams huge = new DiskParams(tooBig, EnumSet.of(Profile.REDO), Duration.ofMillis(20), 70,
                Duration.ofMillis(100), 1, false, false);
        BadParameterException room = assertThrows(BadParameterException.class, () -> new DiskCheck(dir, huge).run(
                x -> {}));
        assertEquals("size", room.parameter());
        assertTrue(room.getMessage().contains("do not fit"), room.getMessage());
        assertTrue(leftovers().isEmpty());
    }

    @Test
    void memoryFileSystemsAreRefusedUnlessBuffered() throws Exception {
        Path shm = Path.of("/dev/shm");
        assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm) && Files.getFileStore(shm).type().equals("tmpfs"),
                "no tmpfs at /dev/shm");
        BadParameterException e = assertThrows(BadParameterException.class,
                () -> new DiskCheck(shm, params(EnumSet.of(Profile.REDO))).check());
        assertTrue(e.getMessage().contains("--buffered"), e.getMessage());
        DiskParams buffered = new DiskParams(64L << 20, EnumSet.of(Profile.REDO), Duration.ofMillis(20), 70,
                Duration.ofMillis(100), 1, true, false);
        DiskResult r = new DiskCheck(shm, buffered).run(x -> {});
        assertTrue(r.points().stream().noneMatch(LoadPoint::direct), "every figure marked buffered");
        assertTrue(r.toJson().at("/summary/buffered").asBoolean());
    }

    @Test
    void aFileSystemThatRefusesDirectIoIsNamedInOneLineAndBufferedRunsMarked() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting a ramfs needs root");
        Path mount = Files.createDirectories(dir.resolve("ramfs"));
        assumeTrue(new ProcessBuilder("mount", "-t", "ramfs", "ramfs", mount.toString()).start().waitFor() == 0,
                "cannot mount a ramfs here");
        try {
            BadParameterException e = assertThrows(BadParameterException.class,
                    () -> new DiskCheck(mount, params(EnumSet.of(Profile.REDO))).run(x -> {}));
            assertEquals("dir", e.parameter());
            assertTrue(e.getMessage().contains("direct I/O is refused on ramfs") && e.getMessage().contains(
                    "--buffered")
                    && !e.getMessage().contains("\n"), e.getMessage());
            try (Stream<Path> files = Files.list(mount)) {
                assertEquals(0, files.count(), "nothing left behind");
            }
            DiskParams buffered = new DiskParams(64L << 20, EnumSet.of(Profile.OLTP), Duration.ofMillis(20), 70,
                    Duration.ofMillis(100), 1, true, false);
            DiskResult r = new DiskCheck(mount, buffered).run(x -> {});
            assertTrue(!r.points().isEmpty() && r.points().stream().noneMatch(LoadPoint::direct));
        } finally {
            new ProcessBuilder("umount", mount.toString()).start().waitFor();
        }
    }
}
