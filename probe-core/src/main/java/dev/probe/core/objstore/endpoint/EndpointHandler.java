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
import java.util.Set;

/**
 * What the endpoint's operation handlers share: each serves the routes it names and passes the rest on; a
 * streamed body goes to the handler whose upload is receiving it; any failure becomes the OCI error document
 * (closing the connection when a body was cut short), and a vanished client's half-written blob is dropped.
 */
abstract class EndpointHandler extends ChannelInboundHandlerAdapter {
    protected final ObjectStore store;
    protected final BlobUpload upload;
    private final Set<Route.Kind> kinds;
    private final ServerLog log;
    private boolean discarding;

    EndpointHandler(ObjectStore store, BlobUpload upload, ServerLog log, Route.Kind... kinds) {
        this.store = store;
        this.upload = upload;
        this.log = log;
        this.kinds = Set.of(kinds);
    }

    /** Serves a request of one of this handler's routes: aggregated (FullHttpRequest) or with a streamed body. */
    protected abstract void serve(ChannelHandlerContext ctx, Exchange ex) throws IOException;

    @Override
    public final void channelRead(ChannelHandlerContext ctx, Object msg) {
        Exchange current = Exchange.of(ctx.channel());
        boolean request = msg instanceof HttpRequest;
        Exchange ex = request && current != null ? current.with((HttpRequest) msg) : current;
        if (request) {
            discarding = false;
        }
        boolean mine = request ? ex != null && kinds.contains(ex.route().kind())
                : msg instanceof HttpContent && ex != null && kinds.contains(ex.route().kind())
                        && (discarding || upload != null && upload.active());
        if (!mine) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            if (request) {
                if (msg instanceof FullHttpRequest full) {
                    SignatureVerifier.checkBody(full);
                }
                serve(ctx, ex);
            } else if (discarding) {
                discarding = !(msg instanceof LastHttpContent);
            } else {
                upload.content((HttpContent) msg, e -> fail(ctx, ex, e, false));
            }
        } catch (IOException | RuntimeException e) {
            fail(ctx, ex, Responses.asOciError(e), ex.streamsBlob() && !(msg instanceof LastHttpContent));
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    /** Answers with {@code e}; {@code bodyPending}: the rest of a streamed body is dropped as it arrives. */
    private void fail(ChannelHandlerContext ctx, Exchange ex, OciError e, boolean bodyPending) {
        boolean midBody = upload != null && upload.active();
        if (upload != null) {
            upload.abort();
        }
        discarding = bodyPending;
        Responses.error(ctx, ex.request(), e, midBody, log);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (upload != null) {
            upload.abort();
        }
        ctx.fireChannelInactive();
    }
}
