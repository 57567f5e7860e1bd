package dev.probe.core.objstore.endpoint;

import dev.probe.core.objstore.Md5;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.probe.core.bulk.PieceContent;
import dev.probe.core.protocol.Json;
import dev.probe.core.server.ServerLog;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.security.MessageDigest;
import java.time.format.DateTimeFormatter;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One HTTP/1.1 connection of the OCI-compatible endpoint. PUT bodies stream into a blob (MD5 on the way,
 * Content-Length and Content-MD5 checked at the end, {@code Expect: 100-continue} answered only once the request
 * is valid); JSON bodies are aggregated up to 64 KiB; GET streams ranges as the connection drains. A client that
 * disappears mid-body leaves nothing behind.
 */
final class ObjectStoreHandler extends ChannelInboundHandlerAdapter {
    private static final int MAX_JSON = 64 * 1024;
    private static final long MAX_BODY = 50L << 30;
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);
    private enum Body { NONE, JSON, BLOB }

    private final ObjectStore store;
    private final SignatureVerifier verifier;
    private final ServerLog log;
    private HttpRequest request;
    private Route route;
    private Body body = Body.NONE;
    private CompositeByteBuf json;
    private Consumer<JsonNode> onJson;
    private final EventExecutor disk;
    private BlobPipe pipe;
    private MessageDigest md5;
    /** MD5 is fed from this reused heap array: the JDK digests direct buffers 4 KiB at a time. */
    private final byte[] md5Buffer = new byte[64 * 1024];
    private long expected;
    private long received;
    private BiConsumer<BlobStore.Blob, byte[]> onBlob;
    private boolean failed;

    ObjectStoreHandler(ObjectStore store, SignatureVerifier verifier, EventExecutor disk, ServerLog log) {
        this.store = store;
        this.disk = disk;
        this.verifier = verifier;
        this.log = log;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpRequest) {
                failed = false;
                onRequest(ctx, (HttpRequest) msg);
            }
            if (msg instanceof HttpContent && !failed) {
                onContent(ctx, (HttpContent) msg);
            }
        } catch (OciError e) {
            fail(ctx, e);
        } catch (IOException | RuntimeException e) {
            fail(ctx, new OciError(HttpResponseStatus.INTERNAL_SERVER_ERROR, "InternalServerError", String.valueOf(e.getMessage())));
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void onRequest(ChannelHandlerContext ctx, HttpRequest req) throws IOException {
        request = req;
        if (!req.decoderResult().isSuccess()) {
            throw OciError.badRequest("malformed HTTP request: " + req.decoderResult().cause().getMessage());
        }
        route = Route.parse(req.uri());
        if (verifier != null) {
            verifier.verify(req);
        }
        HttpMethod m = req.method();
        switch (route.kind()) {
            case NAMESPACE:
                require(m, HttpMethod.GET);
                sendJson(ctx, HttpResponseStatus.OK, new TextNode(store.namespace()));
                break;
            case BUCKETS:
                require(m, HttpMethod.POST);
                expectJson(b -> sendJson(ctx, HttpResponseStatus.OK, OciJson.bucket(store.createBucket(route.namespace(),
                        text(b, "name"), text(b, "compartmentId")))));
                break;
            case BUCKET:
                require(m, HttpMethod.GET, HttpMethod.HEAD);
                sendJson(ctx, HttpResponseStatus.OK, OciJson.bucket(store.bucket(route.namespace(), route.bucket())));
                break;
            case OBJECTS:
                require(m, HttpMethod.GET);
                store.bucket(route.namespace(), route.bucket());
                int limit = Math.max(1, Math.min(1000, parseInt(route.param("limit"), 1000)));
                sendJson(ctx, HttpResponseStatus.OK, OciJson.list(store.list(route.bucket(), route.param("prefix"),
                        route.param("start"), route.param("end"), limit), limit));
                break;
            case OBJECT:
                onObject(ctx, m);
                break;
            case UPLOADS:
                require(m, HttpMethod.POST);
                store.bucket(route.namespace(), route.bucket());
                expectJson(b -> sendJson(ctx, HttpResponseStatus.OK, OciJson.upload(store.createUpload(route.bucket(),
                        text(b, "object"), metadata(b.path("metadata"))), store.namespace())));
                break;
            default:
                onUpload(ctx, m);
        }
    }

    private void onObject(ChannelHandlerContext ctx, HttpMethod m) throws IOException {
        store.bucket(route.namespace(), route.bucket());
        if (m.equals(HttpMethod.PUT)) {
            Map<String, String> meta = metaHeaders(request.headers());
            Route r = route;
            startBlob(ctx, generated(meta, 0, 0), (blob, digest) -> {
                ObjectStore.StoredObject o = store.put(r.bucket(), r.object(), blob, digest, meta);
                FullHttpResponse resp = empty(HttpResponseStatus.OK);
                resp.headers().set("opc-content-md5", o.md5()).set(HttpHeaderNames.ETAG, o.etag())
                        .set(HttpHeaderNames.LAST_MODIFIED, HTTP_DATE.format(o.created()));
                send(ctx, resp);
            });
        } else if (m.equals(HttpMethod.GET) || m.equals(HttpMethod.HEAD)) {
            serve(ctx, store.object(route.bucket(), route.object()), m.equals(HttpMethod.HEAD));
        } else if (m.equals(HttpMethod.DELETE)) {
            store.delete(route.bucket(), route.object());
            send(ctx, empty(HttpResponseStatus.NO_CONTENT));
        } else {
            throw notAllowed(m);
        }
    }

    private void onUpload(ChannelHandlerContext ctx, HttpMethod m) throws IOException {
        store.bucket(route.namespace(), route.bucket());
        ObjectStore.Upload u = store.upload(route.bucket(), route.object(), route.param("uploadId"));
        if (m.equals(HttpMethod.PUT)) {
            int number = parseInt(route.param("uploadPartNum"), -1);
            if (number < 1 || number > 10_000) {
                throw OciError.badRequest("uploadPartNum must be 1 to 10000");
            }
            long partSize = parseLong(u.meta.get("probe-part-size"), 0);
            startBlob(ctx, generated(u.meta, number, partSize), (blob, digest) -> {
                ObjectStore.Part p = store.putPart(u, number, blob, digest);
                FullHttpResponse r = empty(HttpResponseStatus.OK);
                r.headers().set("opc-content-md5", p.md5()).set(HttpHeaderNames.ETAG, p.etag());
                send(ctx, r);
            });
        } else if (m.equals(HttpMethod.POST)) {
            expectJson(b -> {
                List<Integer> numbers = new ArrayList<>();
                List<String> etags = new ArrayList<>();
                for (JsonNode p : b.path("partsToCommit")) {
                    numbers.add(p.path("partNum").asInt(-1));
                    etags.add(p.path("etag").asText(""));
                }
                ObjectStore.StoredObject o = store.commit(u, numbers, etags);
                FullHttpResponse r = empty(HttpResponseStatus.OK);
                r.headers().set("opc-multipart-md5", o.multipartMd5()).set(HttpHeaderNames.ETAG, o.etag())
                        .set(HttpHeaderNames.LAST_MODIFIED, HTTP_DATE.format(o.created()));
                send(ctx, r);
            });
        } else if (m.equals(HttpMethod.DELETE)) {
            store.abort(u);
            send(ctx, empty(HttpResponseStatus.NO_CONTENT));
        } else if (m.equals(HttpMethod.GET)) {
            sendJson(ctx, HttpResponseStatus.OK, OciJson.parts(u));
        } else {
            throw notAllowed(m);
        }
    }

    /** Starts streaming the request body into a new blob; answers 100-continue now that the request is valid. */
    private void startBlob(ChannelHandlerContext ctx, BlobStore.Generated generated,
                           BiConsumer<BlobStore.Blob, byte[]> done) throws IOException {
        String cl = request.headers().get(HttpHeaderNames.CONTENT_LENGTH);
        if (cl == null) {
            throw new OciError(HttpResponseStatus.LENGTH_REQUIRED, "LengthRequired", "Content-Length is required");
        }
        expected = parseLong(cl, -1);
        if (expected < 0 || expected > MAX_BODY) {
            throw OciError.badRequest("Content-Length " + cl + " is out of range [0, " + MAX_BODY + "]");
        }
        pipe = new BlobPipe(disk, ctx.channel(), store.blobs().create(UUID.randomUUID().toString(), generated));
        md5 = Md5.digest();
        received = 0;
        onBlob = done;
        body = Body.BLOB;
        if (HttpUtil.is100ContinueExpected(request)) {
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        }
    }

    private void expectJson(Consumer<JsonNode> handler) {
        json = Unpooled.compositeBuffer();
        onJson = handler;
        body = Body.JSON;
    }

    private void onContent(ChannelHandlerContext ctx, HttpContent content) throws IOException {
        ByteBuf data = content.content();
        boolean last = content instanceof LastHttpContent;
        if (body == Body.BLOB) {
            received += data.readableBytes();
            if (received > expected) {
                throw OciError.badRequest("the body is longer than its Content-Length " + expected);
            }
            for (int i = data.readerIndex(), end = data.writerIndex(); i < end; ) {
                int n = Math.min(md5Buffer.length, end - i);
                data.getBytes(i, md5Buffer, 0, n);
                md5.update(md5Buffer, 0, n);
                i += n;
            }
            pipe.write(data);
            if (last) {
                finishBlob(ctx);
            }
        } else if (body == Body.JSON) {
            if (json.readableBytes() + data.readableBytes() > MAX_JSON) {
                throw new OciError(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, "RequestEntityTooLarge",
                        "JSON bodies are limited to " + MAX_JSON + " bytes");
            }
            json.addComponent(true, data.retain());
            if (last) {
                JsonNode parsed;
                try {
                    parsed = Json.MAPPER.readTree(toBytes(json));
                } catch (IOException e) {
                    throw OciError.badRequest("the body is not valid JSON");
                } finally {
                    json.release();
                    json = null;
                    body = Body.NONE;
                }
                if (parsed == null || !parsed.isObject()) {
                    throw OciError.badRequest("the body must be a JSON object");
                }
                onJson.accept(parsed);
            }
        }
    }

    private static byte[] toBytes(ByteBuf b) {
        byte[] out = new byte[b.readableBytes()];
        b.getBytes(b.readerIndex(), out);
        return out;
    }

    private void finishBlob(ChannelHandlerContext ctx) {
        body = Body.NONE;
        if (received != expected) {
            throw OciError.badRequest("the body has " + received + " bytes, Content-Length said " + expected);
        }
        byte[] digest = md5.digest();
        String claimed = request.headers().get("content-md5");
        if (claimed != null && !claimed.equals(Base64.getEncoder().encodeToString(digest))) {
            throw new OciError(HttpResponseStatus.BAD_REQUEST, "InvalidContentMd5", "Content-MD5 " + claimed
                    + " does not match the body");
        }
        BlobPipe p = pipe;
        pipe = null;
        BiConsumer<BlobStore.Blob, byte[]> done = onBlob;
        p.finish(blob -> {
            try {
                done.accept(blob, digest);
            } catch (OciError e) {
                fail(ctx, e);
            }
        }, e -> fail(ctx, e instanceof OciError ? (OciError) e
                : new OciError(HttpResponseStatus.INTERNAL_SERVER_ERROR, "InternalServerError", String.valueOf(e.getMessage()))));
    }

    private void serve(ChannelHandlerContext ctx, ObjectStore.StoredObject o, boolean head) {
        String ifMatch = request.headers().get(HttpHeaderNames.IF_MATCH);
        if (ifMatch != null && !unquote(ifMatch).equals(o.etag()) && !ifMatch.equals("*")) {
            throw new OciError(HttpResponseStatus.PRECONDITION_FAILED, "IfMatchFailed", "The If-Match header "
                    + ifMatch + " does not match the object's etag");
        }
        long[] range = Ranges.parse(request.headers().get(HttpHeaderNames.RANGE), o.size());
        HttpResponse r = new DefaultHttpResponse(HttpVersion.HTTP_1_1,
                range == null ? HttpResponseStatus.OK : HttpResponseStatus.PARTIAL_CONTENT);
        long offset = range == null ? 0 : range[0];
        long length = range == null ? o.size() : range[1] - range[0] + 1;
        HttpHeaders h = r.headers();
        h.set(HttpHeaderNames.CONTENT_LENGTH, length).set(HttpHeaderNames.CONTENT_TYPE, "application/octet-stream")
                .set(HttpHeaderNames.ETAG, o.etag()).set(HttpHeaderNames.ACCEPT_RANGES, "bytes")
                .set(HttpHeaderNames.LAST_MODIFIED, HTTP_DATE.format(o.created())).set("opc-request-id", requestId());
        if (range != null) {
            h.set(HttpHeaderNames.CONTENT_RANGE, "bytes " + range[0] + "-" + range[1] + "/" + o.size());
        } else if (o.md5() != null) {
            h.set("content-md5", o.md5());
        }
        if (o.multipartMd5() != null) {
            h.set("opc-multipart-md5", o.multipartMd5());
        }
        o.meta().forEach((k, v) -> h.set("opc-meta-" + k, v));
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (head) {
            ctx.writeAndFlush(r);
            ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
            return;
        }
        ctx.write(r);
        ctx.writeAndFlush(new HttpChunkedInput(new BlobsInput(store.blobs(), o.blobs(), offset, length)))
                .addListener(f -> {
                    if (!f.isSuccess() || !keepAlive) {
                        ctx.close();
                    }
                });
    }

    private void fail(ChannelHandlerContext ctx, OciError e) {
        if (pipe != null) {
            pipe.abort();
            pipe = null;
        }
        if (json != null) {
            json.release();
            json = null;
        }
        boolean midBody = body != Body.NONE;
        body = Body.NONE;
        failed = true;
        if (e.status().code() >= 500) {
            log.log("objectstore: " + e.getMessage());
        }
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, e.status(),
                Unpooled.wrappedBuffer(Json.bytes(OciJson.error(e))));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .set(HttpHeaderNames.CONTENT_LENGTH, r.content().readableBytes()).set("opc-request-id", requestId());
        if (midBody) {
            r.headers().set(HttpHeaderNames.CONNECTION, "close");
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        } else {
            send(ctx, r);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (pipe != null) {
            pipe.abort();
            pipe = null;
        }
        if (json != null) {
            json.release();
            json = null;
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    private void sendJson(ChannelHandlerContext ctx, HttpResponseStatus status, JsonNode body) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(Json.bytes(body)));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .set(HttpHeaderNames.CONTENT_LENGTH, r.content().readableBytes());
        send(ctx, r);
    }

    private FullHttpResponse empty(HttpResponseStatus status) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status);
        if (status.code() != 204) {
            r.headers().set(HttpHeaderNames.CONTENT_LENGTH, 0);
        }
        return r;
    }

    private void send(ChannelHandlerContext ctx, FullHttpResponse r) {
        r.headers().set("opc-request-id", requestId());
        String clientId = request == null ? null : request.headers().get("opc-client-request-id");
        if (clientId != null) {
            r.headers().set("opc-client-request-id", clientId);
        }
        boolean keepAlive = request != null && HttpUtil.isKeepAlive(request);
        if (keepAlive) {
            ctx.writeAndFlush(r);
        } else {
            r.headers().set(HttpHeaderNames.CONNECTION, "close");
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        }
    }

    private static String requestId() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    private static void require(HttpMethod m, HttpMethod... allowed) {
        for (HttpMethod a : allowed) {
            if (a.equals(m)) {
                return;
            }
        }
        throw notAllowed(m);
    }

    private static OciError notAllowed(HttpMethod m) {
        return new OciError(HttpResponseStatus.METHOD_NOT_ALLOWED, "MethodNotAllowed", m + " is not supported here");
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual() || v.textValue().isEmpty() || v.textValue().length() > 1024) {
            throw OciError.badRequest(field + " must be a non-empty string");
        }
        return v.textValue();
    }

    private static Map<String, String> metaHeaders(HttpHeaders h) {
        Map<String, String> meta = new HashMap<>();
        h.forEach(e -> {
            String k = e.getKey().toLowerCase(java.util.Locale.ROOT);
            if (k.startsWith("opc-meta-")) {
                meta.put(k.substring("opc-meta-".length()), e.getValue());
            }
        });
        return meta;
    }

    private static Map<String, String> metadata(JsonNode n) {
        Map<String, String> meta = new HashMap<>();
        n.fields().forEachRemaining(e -> meta.put(e.getKey().toLowerCase(java.util.Locale.ROOT)
                .replaceFirst("^opc-meta-", ""), e.getValue().asText()));
        return meta;
    }

    /** What probe-generated content a blob holds, from {@code probe-content: RUN_ID/PIECE} metadata, or null. */
    private static BlobStore.Generated generated(Map<String, String> meta, int partNumber, long partSize) {
        String c = meta.get("probe-content");
        if (c == null) {
            return null;
        }
        int slash = c.lastIndexOf('/');
        long piece = slash < 1 ? -1 : parseLong(c.substring(slash + 1), -1);
        if (piece < 0) {
            throw OciError.badRequest("opc-meta-probe-content must be RUN_ID/PIECE, got " + c);
        }
        long offset = partNumber <= 1 ? 0 : (partNumber - 1) * partSize;
        return new BlobStore.Generated(PieceContent.seed(c.substring(0, slash)), piece, offset);
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    private static int parseInt(String s, int dflt) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, parseLong(s, dflt)));
    }

    private static long parseLong(String s, long dflt) {
        if (s == null) {
            return dflt;
        }
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            throw OciError.badRequest("'" + s + "' is not a number");
        }
    }
}
