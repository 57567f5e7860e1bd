package dev.probe.core.objstore.endpoint;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.AttributeKey;

/**
 * The request a connection is serving now, as the router accepted it (signature checked, path parsed), kept
 * on the channel for the handlers after it.
 */
record Exchange(HttpRequest request, ApiPath route) {
    private static final AttributeKey<Exchange> KEY = AttributeKey.valueOf("probe.objectstore.exchange");

    static void set(Channel channel, Exchange exchange) {
        channel.attr(KEY).set(exchange);
    }

    /** The current exchange, or null before the first accepted request. */
    static Exchange of(Channel channel) {
        return channel.attr(KEY).get();
    }

    /** The same exchange with the request as aggregated (a FullHttpRequest carrying its body). */
    Exchange with(HttpRequest aggregated) {
        return aggregated == request ? this : new Exchange(aggregated, route);
    }

    HttpMethod method() {
        return request.method();
    }

    /** True for a body streamed into a blob (object PUT, part PUT) rather than aggregated. */
    boolean streamsBlob() {
        return method().equals(HttpMethod.PUT)
                && (route.kind() == ApiPath.Kind.OBJECT || route.kind() == ApiPath.Kind.UPLOAD);
    }
}
