package dev.probe.core.objstore;

import java.nio.file.Path;

/** Endpoint configs for tests: namespace "probe", signatures checked against {@code keys}. */
final class ObjstoreTestSupport {
    ObjectStoreConfig config(String store, Path keys) {
        return new ObjectStoreConfig(0, store, "probe", keys, false, null);
    }
}
