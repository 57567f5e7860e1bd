package dev.probe.core.objstore.endpoint;

import dev.probe.core.server.Fatal;
import dev.probe.core.server.HttpGuard;
import dev.probe.core.server.ServerLog;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * First of the endpoint's own handlers: checks each request (decoded, a known path, a valid signature; the first
 * valid one moves the connection into {@link HttpGuard}'s caps, or is answered 429 when they are full) and
 * records it as the connection's {@link Exchange} for the aggregator and {@link EndpointDispatch} after it. A refused request is answered here
 * and its body dropped; nothing of it reaches the store.
 */
final class EndpointRouter extends ChannelInboundHandlerAdapter {
    private final SignatureVerifier verifier;
    private final HttpGuard guard;
    private final EndpointNames names;
    private final ServerLog log;
    private boolean refused;

    EndpointRouter(SignatureVerifier verifier, EndpointNames names, HttpGuard guard, ServerLog log) {
        this.names = names;
        this.verifier = verifier;
        this.guard = guard;
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
                    String elsewhere = names.refusal(req.headers().get(HttpHeaderNames.HOST));
                    if (elsewhere != null) {
                        throw new OciError(HttpResponseStatus.UNAUTHORIZED, "NotAuthenticated", elsewhere);
                    }
                }
                String over = guard.prove(ctx.channel());
                if (over != null) {
                    throw new OciError(HttpResponseStatus.TOO_MANY_REQUESTS, "TooManyRequests", over);
                }
                Exchange.set(ctx.channel(), new Exchange(req, route));
            } catch (RuntimeException e) {
                refused = !(msg instanceof LastHttpContent);
                ReferenceCountUtil.release(msg);
                OciError error = Responses.asOciError(e);
                Responses.error(ctx, req, error, error.status() == HttpResponseStatus.TOO_MANY_REQUESTS, log);
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
