package dev.probe.core.objstore.endpoint;

import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.ServerLog;
import dev.probe.core.server.ServerThreads;
import dev.probe.core.server.SpaceBudget;
import io.netty.channel.Channel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * The OCI-compatible Object Storage endpoint's listener: one namespace with the configured buckets, served
 * over HTTP/1.1 (HTTPS with the server's TLS) on the server's threads, beside the probe port.
 *
 * <pre>{@code
 * ObjectStoreEndpoint e = ObjectStoreEndpoint.bind(endpointConfig, serverConfig, space, threads, log);
 * URI uri = URI.create("http://127.0.0.1:" + e.address().getPort());
 * }</pre>
 */
public final class ObjectStoreEndpoint implements AutoCloseable {
    private final Channel channel;

    private ObjectStoreEndpoint(Channel channel) {
        this.channel = channel;
    }

    /** Binds {@code config.port()} on the server's address, with the server's TLS and idle timeout. */
    public static ObjectStoreEndpoint bind(EndpointConfig config, ServerConfig server, SpaceBudget space,
                                           ServerThreads threads, ServerLog log) throws InterruptedException,
            IOException {
        BlobStore blobs = config.blobs(space, server.limits().maxDir());
        if (blobs instanceof FileBlobs f && f.removedAtStart() > 0) {
            log.log(String.format("object store %s: removed %,d bytes of blobs an earlier run left (the index is in "
                    + "memory; they belonged to no object now)", config.store(), f.removedAtStart()));
        }
        ObjectStore store = new ObjectStore(config.namespace(), blobs);
        config.buckets().forEach(b -> store.createBucket(config.namespace(), b, "ocid1.compartment.probe"));
        SignatureVerifier verifier = config.authorizedKeys() == null ? null
                : new SignatureVerifier(config.authorizedKeys());
        Channel channel = threads.bind(new EndpointInitializer(store, verifier, new EndpointNames(config.hosts()),
                server.security().tls(),
                server.idleTimeout(), server.handshakeTimeout(), threads.diskThreads(), log), server.bind(), config
                        .port());
        channel.eventLoop().scheduleAtFixedRate(() -> {
            int expired = store.expireUploads(Instant.now());
            if (expired > 0) {
                log.log("object store: " + expired
                        + " multipart upload(s) expired (neither committed nor aborted within "
                        + ObjectStore.UPLOAD_EXPIRY.toMinutes() + " min); their parts were deleted");
            }
        }, 1, 1, TimeUnit.MINUTES);
        return new ObjectStoreEndpoint(channel);
    }

    /** The address actually bound. */
    public InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
    }
}
