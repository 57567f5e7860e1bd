package dev.probe.core.objstore.endpoint;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.IOException;
import java.util.Map;

/**
 * Whole objects: PUT streams the body into a blob, GET streams a range of it as the connection drains (HEAD
 * only the headers), If-Match checked against the etag; DELETE removes it.
 */
final class ObjectRequests extends EndpointOperation {
    ObjectRequests(ObjectStore store) {
        super(store, ApiPath.Kind.OBJECT);
    }

    @Override
    protected void serve(ChannelHandlerContext ctx, Exchange ex, BlobUpload upload) throws IOException {
        ApiPath route = ex.route();
        HttpMethod m = ex.method();
        store.bucket(route.namespace(), route.bucket());
        if (m.equals(HttpMethod.PUT)) {
            Map<String, String> meta = RequestFields.metaHeaders(ex.request().headers());
            upload.start(ctx, ex.request(), RequestFields.generated(meta, 0, 0), (blob, digest) -> {
                ObjectStore.StoredObject o = store.put(route.bucket(), route.object(), blob, digest, meta);
                FullHttpResponse resp = Responses.empty(HttpResponseStatus.OK);
                resp.headers().set("opc-content-md5", o.md5()).set(HttpHeaderNames.ETAG, o.etag())
                        .set(HttpHeaderNames.LAST_MODIFIED, Responses.HTTP_DATE.format(o.created()));
                Responses.send(ctx, ex.request(), resp);
            });
        } else if (m.equals(HttpMethod.GET) || m.equals(HttpMethod.HEAD)) {
            get(ctx, ex.request(), store.object(route.bucket(), route.object()), m.equals(HttpMethod.HEAD));
        } else if (m.equals(HttpMethod.DELETE)) {
            store.delete(route.bucket(), route.object());
            Responses.send(ctx, ex.request(), Responses.empty(HttpResponseStatus.NO_CONTENT));
        } else {
            throw Responses.notAllowed(m);
        }
    }

    private void get(ChannelHandlerContext ctx, HttpRequest request, ObjectStore.StoredObject o, boolean head) {
        String ifMatch = request.headers().get(HttpHeaderNames.IF_MATCH);
        if (ifMatch != null && !RequestFields.unquote(ifMatch).equals(o.etag()) && !ifMatch.equals("*")) {
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
                .set(HttpHeaderNames.LAST_MODIFIED, Responses.HTTP_DATE.format(o.created()))
                .set("opc-request-id", Responses.requestId());
        if (range != null) {
            h.set(HttpHeaderNames.CONTENT_RANGE, "bytes " + range[0] + "-" + range[1] + "/" + o.size());
        } else if (o.md5() != null) {
            h.set("content-md5", o.md5());
        }
        if (o.multipartMd5() != null) {
            h.set("opc-multipart-md5", o.multipartMd5());
        }
        o.meta().forEach((k, v) -> h.set("opc-meta-" + k, v));
        if (head) {
            ctx.writeAndFlush(r);
            ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
            return;
        }
        ctx.write(r);
        ctx.writeAndFlush(new HttpChunkedInput(new BlobsInput(store.blobs(), o.blobs(), offset, length)))
                .addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }
}
