package dev.probe.core.objstore.endpoint;

import dev.probe.core.server.ServerLog;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Gives each request the router accepted to the one {@link EndpointOperation} its route names, and a streamed
 * body to the connection's {@link BlobUpload} (HTTP/1.1: one request at a time); any failure becomes the OCI
 * error document (closing the connection when a body was cut short), and a vanished client's half-written blob is
 * dropped.
 */
final class EndpointDispatch extends ChannelInboundHandlerAdapter {
    private final Map<ApiPath.Kind, EndpointOperation> operations = new EnumMap<>(ApiPath.Kind.class);
    private final BlobUpload upload;
    private final ServerLog log;
    private Exchange current;
    private boolean discarding;

    EndpointDispatch(List<EndpointOperation> ops, BlobUpload upload, ServerLog log) {
        for (EndpointOperation op : ops) {
            op.kinds().forEach(k -> operations.put(k, op));
        }
        if (operations.size() != ApiPath.Kind.values().length) {
            throw new IllegalArgumentException("every route needs an operation: " + operations.keySet());
        }
        this.upload = upload;
        this.log = log;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpRequest request) {
                discarding = false;
                current = Exchange.of(ctx.channel()).with(request);
                if (msg instanceof FullHttpRequest full) {
                    SignatureVerifier.checkBody(full);
                }
                operations.get(current.route().kind()).serve(ctx, current, upload);
            } else if (msg instanceof HttpContent content && current != null) {
                if (discarding) {
                    discarding = !(msg instanceof LastHttpContent);
                } else if (upload.active()) {
                    Exchange ex = current;
                    upload.content(content, e -> fail(ctx, ex, e, false));
                }
            }
        } catch (IOException | RuntimeException e) {
            fail(ctx, current, Responses.asOciError(e), current.streamsBlob() && !(msg instanceof LastHttpContent));
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    /** Answers with {@code e}; {@code bodyPending}: the rest of a streamed body is dropped as it arrives. */
    private void fail(ChannelHandlerContext ctx, Exchange ex, OciError e, boolean bodyPending) {
        boolean midBody = upload.active();
        upload.abort();
        discarding = bodyPending;
        Responses.error(ctx, ex.request(), e, midBody, log);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        upload.abort();
        ctx.fireChannelInactive();
    }
}
