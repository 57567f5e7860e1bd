package dev.probe.core.objstore.endpoint;

import dev.probe.core.server.ServerLog;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * Aggregates small request bodies (the JSON of bucket, upload and commit requests) up to 64 KiB, answering
 * OCI's RequestEntityTooLarge beyond; blob uploads pass through unaggregated, to be streamed to disk.
 */
final class JsonBodies extends HttpObjectAggregator {
    static final int MAX_JSON = 64 * 1024;

    private final ServerLog log;
    private ChannelHandlerContext ctx;

    JsonBodies(ServerLog log) {
        super(MAX_JSON);
        this.log = log;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) throws Exception {
        this.ctx = context;
        super.handlerAdded(context);
    }

    @Override
    public boolean acceptInboundMessage(Object msg) throws Exception {
        if (msg instanceof HttpRequest) {
            Exchange ex = Exchange.of(ctx.channel());
            if (ex != null && ex.request() == msg && ex.streamsBlob()) {
                return false;
            }
        }
        return super.acceptInboundMessage(msg);
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext context, HttpMessage oversized) {
        Responses.error(context, oversized instanceof HttpRequest ? (HttpRequest) oversized : null,
                new OciError(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, "RequestEntityTooLarge",
                        "JSON bodies are limited to " + MAX_JSON + " bytes"), true, log);
    }
}
