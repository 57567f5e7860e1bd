package dev.probe.core.objstore.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;

/** Namespace and bucket requests, small JSON both ways: GET /n, create and get a bucket, list its objects. */
final class BucketRequests extends EndpointOperation {
    BucketRequests(ObjectStore store) {
        super(store, ApiPath.Kind.NAMESPACE, ApiPath.Kind.BUCKETS, ApiPath.Kind.BUCKET, ApiPath.Kind.OBJECTS);
    }

    @Override
    protected void serve(ChannelHandlerContext ctx, Exchange ex, BlobUpload upload) {
        ApiPath route = ex.route();
        HttpMethod m = ex.method();
        JsonNode reply;
        switch (route.kind()) {
            case NAMESPACE -> {
                Responses.require(m, HttpMethod.GET);
                reply = new TextNode(store.namespace());
            }
            case BUCKETS -> {
                Responses.require(m, HttpMethod.POST);
                JsonNode b = RequestFields.jsonBody(ex.request());
                reply = OciJson.bucket(store.createBucket(route.namespace(), RequestFields.text(b, "name"),
                        RequestFields.text(b, "compartmentId")));
            }
            case BUCKET -> {
                Responses.require(m, HttpMethod.GET, HttpMethod.HEAD);
                reply = OciJson.bucket(store.bucket(route.namespace(), route.bucket()));
            }
            default -> {
                Responses.require(m, HttpMethod.GET);
                store.bucket(route.namespace(), route.bucket());
                int limit = Math.max(1, Math.min(1000, RequestFields.parseInt(route.param("limit"), 1000)));
                reply = OciJson.list(store.list(route.bucket(), route.param("prefix"), route.param("start"),
                        route.param("end"), limit), limit);
            }
        }
        Responses.json(ctx, ex.request(), HttpResponseStatus.OK, reply);
    }
}
