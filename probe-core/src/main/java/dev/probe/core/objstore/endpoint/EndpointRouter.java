package dev.probe.core.objstore.endpoint;

import dev.probe.core.server.Fatal;
import dev.probe.core.server.ServerLog;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * First of the endpoint's own handlers: checks each request (decoded, a known path, a valid signature) and
 * records it as the connection's {@link Exchange} for the aggregator and {@link EndpointDispatch} after it. A refused request is answered here
 * and its body dropped; nothing of it reaches the store.
 */
final class EndpointRouter extends ChannelInboundHandlerAdapter {
    private final SignatureVerifier verifier;
    private final ServerLog log;
    private boolean refused;

    EndpointRouter(SignatureVerifier verifier, ServerLog log) {
        this.verifier = verifier;
        this.log = log;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest) {
            HttpRequest req = (HttpRequest) msg;
            refused = false;
            try {
                if (!req.decoderResult().isSuccess()) {
                    throw OciError.badRequest("malformed HTTP request: " + req.decoderResult().cause().getMessage());
                }
                ApiPath route = ApiPath.parse(req.uri());
                if (verifier != null) {
                    verifier.verify(req);
                }
                Exchange.set(ctx.channel(), new Exchange(req, route));
            } catch (RuntimeException e) {
                refused = !(msg instanceof LastHttpContent);
                ReferenceCountUtil.release(msg);
                Responses.error(ctx, req, Responses.asOciError(e), false, log);
                return;
            }
        } else if (refused && msg instanceof HttpContent) {
            refused = !(msg instanceof LastHttpContent);
            ReferenceCountUtil.release(msg);
            return;
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Fatal.check(cause, log);
        ctx.close();
    }
}
