package dev.probe.core.objstore.endpoint;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.server.SpaceBudget;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The server's OCI-compatible Object Storage endpoint.
 *
 * @param port           HTTP port (0 picks a free one)
 * @param store          {@code discard}, {@code memory}, or a directory for real files
 * @param namespace      the namespace GET /n returns
 * @param authorizedKeys directory of PEM public keys whose signatures are accepted; null with allowUnsigned
 * @param allowUnsigned  accept unsigned requests (local tests only)
 * @param buckets        buckets to create at start (as RMAN, probe objstore expects its bucket to exist)
 * @param memoryMax      the most bytes the memory store holds ({@code --store-max-size}); 0 for a quarter of the heap
 * @param hosts          names clients reach it by beside this host's own ({@code --objectstore-host}): a signed
 *                       request's Host must be one of them
 */
public record EndpointConfig(int port, String store, String namespace, Path authorizedKeys, boolean allowUnsigned,
        List<String> buckets, long memoryMax, List<String> hosts) {

    private static final Pattern NAMESPACE = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");

    public EndpointConfig {
        if (port < 0 || port > 65535) {
            throw new BadParameterException("objectstore-port", port + " is out of range [0, 65535]");
        }
        if (store == null || store.isBlank()) {
            throw new BadParameterException("store", "is missing (discard, memory or a directory)");
        }
        if (namespace == null || !NAMESPACE.matcher(namespace).matches()) {
            throw new BadParameterException("namespace", "'" + namespace
                    + "' must be lower-case letters, digits, dashes");
        }
        buckets = buckets == null ? List.of() : List.copyOf(buckets);
        hosts = hosts == null ? List.of() : List.copyOf(hosts);
        if (memoryMax < 0) {
            throw new BadParameterException("store-max-size", memoryMax + " must not be negative");
        }
        if (authorizedKeys == null && !allowUnsigned) {
            throw new BadParameterException("authorized-keys", "give --authorized-keys DIR (PEM public keys) or "
                    + "--allow-unsigned");
        }
    }

    /** With the memory store held to a quarter of the heap. */
    public EndpointConfig(int port, String store, String namespace, Path authorizedKeys, boolean allowUnsigned,
                          List<String> buckets) {
        this(port, store, namespace, authorizedKeys, allowUnsigned, buckets, 0, List.of());
    }

    /** The memory store's cap in bytes: {@link #memoryMax}, or a quarter of the heap when 0. */
    public long memoryCap() {
        return memoryMax > 0 ? memoryMax : Runtime.getRuntime().maxMemory() / 4;
    }

    /**
     * The blob store this config names; a directory store counts in {@code space} (the server's --dir budget) when
     * it lies under --dir, else in a budget of its own of {@code max} bytes.
     */
    public BlobStore blobs(SpaceBudget space, long max) throws IOException {
        switch (store) {
            case "discard":
                return new DiscardBlobs();
            case "memory":
                return new MemoryBlobs(memoryCap());
            default:
                return new FileBlobs(Path.of(store), space, max);
        }
    }
}
