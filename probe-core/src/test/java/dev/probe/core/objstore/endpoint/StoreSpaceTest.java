package dev.probe.core.objstore.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.server.SpaceBudget;
import io.netty.buffer.Unpooled;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, point 5, for the endpoint: multipart uploads never committed expire with their parts, a directory store
 * removes the blob files an earlier run left (it cannot index them) and stays within its space budget.
 */
class StoreSpaceTest {
    @TempDir
    Path dir;

    @Test
    void anUploadNeitherCommittedNorAbortedExpiresWithItsParts() throws Exception {
        FileBlobs blobs = new FileBlobs(dir, null, 1L << 30);
        ObjectStore store = new ObjectStore("ns", blobs, Duration.ofHours(1));
        store.createBucket("ns", "b", "c");
        ObjectStore.Upload u = store.createUpload("b", "o", Map.of());
        BlobStore.Writer w = blobs.create(UUID.randomUUID().toString(), null);
        w.write(Unpooled.wrappedBuffer(new byte[4096]));
        store.putPart(u, 1, w.finish(), new byte[16]);
        ObjectStore.Upload fresh = store.createUpload("b", "o2", Map.of());
        assertEquals(1, count(dir), "the part's file");

        assertEquals(0, store.expireUploads(Instant.now().plus(Duration.ofMinutes(59))), "not yet");
        assertEquals(2, store.expireUploads(Instant.now().plus(Duration.ofMinutes(61))));
        assertEquals(0, store.uploadsInProgress());
        assertEquals(0, count(dir), "its part's file is gone");
        OciError e = assertThrows(OciError.class, () -> store.upload("b", "o", u.id()));
        assertEquals("NoSuchUpload", e.code());
        assertFalse(fresh.id().isEmpty());
    }

    @Test
    void blobsAnEarlierRunLeftAreRemovedAtStartOtherFilesKept() throws Exception {
        Files.write(dir.resolve(UUID.randomUUID().toString()), new byte[1000]);
        Files.writeString(dir.resolve("notes.txt"), "the operator's own file");
        FileBlobs blobs = new FileBlobs(dir, null, 1L << 30);
        assertEquals(1000, blobs.removedAtStart());
        assertEquals(1, count(dir));
        assertTrue(Files.exists(dir.resolve("notes.txt")));
    }

    @Test
    void aWriteOverTheBudgetIsInsufficientStorageAndGivesItsBytesBack() throws Exception {
        SpaceBudget space = SpaceBudget.of(dir, 10_000);
        FileBlobs blobs = new FileBlobs(dir.resolve("objects"), space, 10_000);
        BlobStore.Writer w = blobs.create(UUID.randomUUID().toString(), null);
        w.write(Unpooled.wrappedBuffer(new byte[8000]));
        OciError e = assertThrows(OciError.class, () -> w.write(Unpooled.wrappedBuffer(new byte[8000])));
        assertEquals(507, e.status().code());
        assertTrue(e.getMessage().contains("--disk-max-size of 10,000"), e.getMessage());
        w.abort();
        assertEquals(0, space.used());
    }

    private static long count(Path d) throws Exception {
        try (var files = Files.list(d)) {
            return files.count();
        }
    }
}
