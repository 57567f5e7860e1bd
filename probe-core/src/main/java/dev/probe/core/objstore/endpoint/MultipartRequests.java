package dev.probe.core.objstore.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Multipart uploads: create one (JSON), PUT a part (streamed into a blob), list parts, commit the chosen parts
 * (JSON; the object's MD5 is the multipart MD5), or abort (the parts' blobs go).
 */
final class MultipartRequests extends EndpointOperation {
    MultipartRequests(ObjectStore store) {
        super(store, ApiPath.Kind.UPLOADS, ApiPath.Kind.UPLOAD);
    }

    @Override
    protected void serve(ChannelHandlerContext ctx, Exchange ex, BlobUpload upload) throws IOException {
        ApiPath route = ex.route();
        HttpMethod m = ex.method();
        if (route.kind() == ApiPath.Kind.UPLOADS) {
            Responses.require(m, HttpMethod.POST);
            store.bucket(route.namespace(), route.bucket());
            JsonNode b = RequestFields.jsonBody(ex.request());
            Responses.json(ctx, ex.request(), HttpResponseStatus.OK, OciJson.upload(store.createUpload(route.bucket(),
                    RequestFields.text(b, "object"), RequestFields.metadata(b.path("metadata"))), store.namespace()));
            return;
        }
        store.bucket(route.namespace(), route.bucket());
        ObjectStore.Upload u = store.upload(route.bucket(), route.object(), route.param("uploadId"));
        if (m.equals(HttpMethod.PUT)) {
            int number = RequestFields.parseInt(route.param("uploadPartNum"), -1);
            if (number < 1 || number > 10_000) {
                throw OciError.badRequest("uploadPartNum must be 1 to 10000");
            }
            long partSize = RequestFields.parseLong(u.meta.get("probe-part-size"), 0);
            upload.start(ctx, ex.request(), RequestFields.generated(u.meta, number, partSize), (blob, digest) -> {
                ObjectStore.Part p = store.putPart(u, number, blob, digest);
                FullHttpResponse r = Responses.empty(HttpResponseStatus.OK);
                r.headers().set("opc-content-md5", p.md5()).set(HttpHeaderNames.ETAG, p.etag());
                Responses.send(ctx, ex.request(), r);
            });
        } else if (m.equals(HttpMethod.POST)) {
            commit(ctx, ex, u);
        } else if (m.equals(HttpMethod.DELETE)) {
            store.abort(u);
            Responses.send(ctx, ex.request(), Responses.empty(HttpResponseStatus.NO_CONTENT));
        } else if (m.equals(HttpMethod.GET)) {
            Responses.json(ctx, ex.request(), HttpResponseStatus.OK, OciJson.parts(u));
        } else {
            throw Responses.notAllowed(m);
        }
    }

    private void commit(ChannelHandlerContext ctx, Exchange ex, ObjectStore.Upload u) {
        List<Integer> numbers = new ArrayList<>();
        List<String> etags = new ArrayList<>();
        for (JsonNode p : RequestFields.jsonBody(ex.request()).path("partsToCommit")) {
            numbers.add(p.path("partNum").asInt(-1));
            etags.add(p.path("etag").asText(""));
        }
        ObjectStore.StoredObject o = store.commit(u, numbers, etags);
        FullHttpResponse r = Responses.empty(HttpResponseStatus.OK);
        r.headers().set("opc-multipart-md5", o.multipartMd5()).set(HttpHeaderNames.ETAG, o.etag())
                .set(HttpHeaderNames.LAST_MODIFIED, Responses.HTTP_DATE.format(o.created()));
        Responses.send(ctx, ex.request(), r);
    }
}
