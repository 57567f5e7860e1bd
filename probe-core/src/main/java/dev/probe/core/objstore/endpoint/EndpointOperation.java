package dev.probe.core.objstore.endpoint;

import io.netty.channel.ChannelHandlerContext;
import java.io.IOException;
import java.util.Set;

/**
 * The requests of some routes (buckets, objects, multipart uploads): {@link EndpointDispatch} gives each request to
 * the one operation its route names. A failure thrown here becomes the OCI error document.
 */
abstract class EndpointOperation {
    protected final ObjectStore store;
    private final Set<ApiPath.Kind> kinds;

    EndpointOperation(ObjectStore store, ApiPath.Kind... kinds) {
        this.store = store;
        this.kinds = Set.of(kinds);
    }

    /** The routes this operation serves. */
    final Set<ApiPath.Kind> kinds() {
        return kinds;
    }

    /**
     * Serves a request: aggregated (a FullHttpRequest) or, for a blob PUT, its headers only, the body then streamed
     * into {@code upload} (the connection's one upload, started here).
     */
    protected abstract void serve(ChannelHandlerContext ctx, Exchange ex, BlobUpload upload) throws IOException;
}
