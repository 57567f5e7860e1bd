package dev.probe.core.objstore.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

/**
 * The memory store's cap (issue 40, point 3: four 40 MiB PUTs under -Xmx256m were an OutOfMemoryError half-way):
 * a write past it is OCI's InsufficientStorage before the block is allocated, and what is deleted or aborted is
 * given back.
 */
class MemoryBlobsTest {
    private static final int MIB = 1 << 20;

    private static void put(MemoryBlobs store, String key, int mib) throws Exception {
        BlobStore.Writer w = store.create(key, null);
        try {
            w.write(Unpooled.wrappedBuffer(new byte[mib * MIB]));
            w.finish();
        } catch (OciError e) {
            w.abort();
            throw e;
        }
    }

    @Test
    void aPutPastTheCapIsInsufficientStorageAndDeletesGiveSpaceBack() throws Exception {
        MemoryBlobs store = new MemoryBlobs(8L * MIB);
        put(store, "a", 5);
        OciError full = assertThrows(OciError.class, () -> put(store, "b", 5));
        assertEquals(507, full.status().code());
        assertEquals("InsufficientStorage", full.code());
        assertEquals("the memory store holds 8,388,608 bytes of its --store-max-size of 8,388,608", full.getMessage());
        assertEquals(5L * MIB, store.held(), "the refused PUT's blocks were given back");
        store.delete(new BlobStore.Blob("a", 5L * MIB, null));
        put(store, "b", 5);
        put(store, "b", 3); // replaces b: its 5 MiB are given back
        assertEquals(3L * MIB, store.held());
    }
}
