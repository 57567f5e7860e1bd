package dev.probe.core.objstore.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.server.ServerLog;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.UUID;

/** How the endpoint answers: JSON bodies, empty bodies, OCI error documents, with OCI's request-id headers. */
final class Responses {
    static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    private Responses() {
    }

    static void json(ChannelHandlerContext ctx, HttpRequest request, HttpResponseStatus status, JsonNode body) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(Json.bytes(body)));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .set(HttpHeaderNames.CONTENT_LENGTH, r.content().readableBytes());
        send(ctx, request, r);
    }

    static FullHttpResponse empty(HttpResponseStatus status) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status);
        if (status.code() != 204) {
            r.headers().set(HttpHeaderNames.CONTENT_LENGTH, 0);
        }
        return r;
    }

    /**
     * Sends {@code r} with the request ids. Whether the connection stays open is the pipeline's
     * {@code HttpServerKeepAliveHandler}'s call: the request's keep-alive, or {@code Connection: close} set here.
     */
    static void send(ChannelHandlerContext ctx, HttpRequest request, FullHttpResponse r) {
        r.headers().set("opc-request-id", requestId());
        String clientId = request == null ? null : request.headers().get("opc-client-request-id");
        if (clientId != null) {
            r.headers().set("opc-client-request-id", clientId);
        }
        ctx.writeAndFlush(r);
    }

    /**
     * The OCI error document for {@code e}; {@code midBody} (a body was cut short) closes the connection, since
     * the rest of that body would be read as the next request. Server faults are logged.
     */
    static void error(ChannelHandlerContext ctx, HttpRequest request, OciError e, boolean midBody, ServerLog log) {
        if (e.status().code() >= 500) {
            log.log("objectstore: " + e.getMessage());
        }
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, e.status(),
                Unpooled.wrappedBuffer(Json.bytes(OciJson.error(e))));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .set(HttpHeaderNames.CONTENT_LENGTH, r.content().readableBytes()).set("opc-request-id", requestId());
        if (midBody) {
            r.headers().set(HttpHeaderNames.CONNECTION, "close");
        }
        send(ctx, request, r);
    }

    /** Any failure as an OCI error: its own status when it is one, 500 otherwise. */
    static OciError asOciError(Throwable e) {
        return e instanceof OciError ? (OciError) e
                : new OciError(HttpResponseStatus.INTERNAL_SERVER_ERROR, "InternalServerError", String.valueOf(e
                        .getMessage()));
    }

    static String requestId() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    static void require(HttpMethod m, HttpMethod... allowed) {
        for (HttpMethod a : allowed) {
            if (a.equals(m)) {
                return;
            }
        }
        throw notAllowed(m);
    }

    static OciError notAllowed(HttpMethod m) {
        return new OciError(HttpResponseStatus.METHOD_NOT_ALLOWED, "MethodNotAllowed", m + " is not supported here");
    }
}
