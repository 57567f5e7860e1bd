package dev.probe.core.objstore.client;

import dev.probe.core.objstore.endpoint.EndpointConfig;
import java.nio.file.Path;

/** Endpoint configs for tests: namespace "probe", signatures checked against {@code keys}. */
final class ObjstoreTestSupport {
    EndpointConfig config(String store, Path keys) {
        return new EndpointConfig(0, store, "probe", keys, false, null);
    }
}
