package dev.probe.core.objstore.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.server.HttpGuard;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The endpoint's own handlers on an EmbeddedChannel, from Netty's keep-alive handler on: each request reaches the
 * one operation its route names, a streamed body its upload, a refused body is dropped without losing the
 * connection, a body cut short closes it, and keep-alive is the request's.
 */
class EndpointDispatchTest {
    private final List<String> log = new ArrayList<>();
    private final ObjectStore store = new ObjectStore("probe", new MemoryBlobs(64L << 20));
    private final EmbeddedChannel ch = new EmbeddedChannel(new HttpServerKeepAliveHandler(), new ChunkedWriteHandler(),
            new EndpointRouter(null, new EndpointNames(List.of()), new HttpGuard(1, 1, 1,
                    Duration.ofSeconds(1), "endpoint", log::add), log::add), new JsonBodies(log::add),
            EndpointInitializer.dispatch(store, new BlobUpload(store, ImmediateEventExecutor.INSTANCE), log::add),
            new EndpointErrors(log::add));

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    @Test
    void eachRouteReachesItsOperationOnOneKeptAliveConnection() {
        assertEquals("\"probe\"", exchange(request(HttpMethod.GET, "/n", 0)).body());
        assertEquals("\"probe\"", exchange(request(HttpMethod.GET, "/n/", 0)).body(), "as OCI's reference writes it");
        store.createBucket("probe", "b", "ocid1.compartment.probe");
        Answer put = exchange(request(HttpMethod.PUT, "/n/probe/b/b/o/x", 10), "01234", "56789");
        assertEquals(200, put.status(), put.head().toString());
        assertTrue(put.head().headers().contains(HttpHeaderNames.ETAG));
        Answer get = exchange(request(HttpMethod.GET, "/n/probe/b/b/o/x", 0));
        assertEquals(200, get.status());
        assertEquals("0123456789", get.body(), "streamed back through the chunked writer");
        assertEquals(200, exchange(request(HttpMethod.GET, "/n/probe/b/b/o", 0)).status(), "the object list");
        assertTrue(ch.isOpen(), "keep-alive requests keep the connection");
        assertEquals(List.of(), log);
    }

    @Test
    void aRefusedUploadsBodyIsDroppedAndTheNextRequestIsServed() {
        assertEquals(404, exchange(request(HttpMethod.PUT, "/n/probe/b/nope/o/x", 6), "abc", "def").status());
        assertTrue(ch.isOpen());
        assertEquals(200, exchange(request(HttpMethod.GET, "/n", 0)).status());
    }

    @Test
    void aBodyLongerThanItsContentLengthIsRefusedAndTheConnectionClosed() {
        store.createBucket("probe", "b", "ocid1.compartment.probe");
        Answer r = exchange(request(HttpMethod.PUT, "/n/probe/b/b/o/x", 4), "abc", "def");
        assertEquals(400, r.status());
        assertEquals("close", r.head().headers().get(HttpHeaderNames.CONNECTION));
        ch.runPendingTasks();
        assertFalse(ch.isOpen(), "the rest of the body would be read as the next request");
    }

    @Test
    void connectionCloseIsHonouredByTheKeepAliveHandler() {
        HttpRequest req = request(HttpMethod.GET, "/n", 0);
        req.headers().set(HttpHeaderNames.CONNECTION, "close");
        assertEquals(200, exchange(req).status());
        ch.runPendingTasks();
        assertFalse(ch.isOpen());
    }

    /** A response: its head, and its body as text. */
    private record Answer(HttpResponse head, String body) {
        int status() {
            return head.status().code();
        }
    }

    private static HttpRequest request(HttpMethod method, String uri, int contentLength) {
        HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, uri);
        r.headers().set(HttpHeaderNames.HOST, "localhost").set(HttpHeaderNames.CONTENT_LENGTH, contentLength);
        return r;
    }

    /** Sends {@code req} with its body in {@code chunks} (none: an empty last content); the answer, 100s skipped. */
    private Answer exchange(HttpRequest req, String... chunks) {
        ch.writeInbound(req);
        if (chunks.length == 0) {
            ch.writeInbound(LastHttpContent.EMPTY_LAST_CONTENT);
        }
        for (int i = 0; i < chunks.length; i++) {
            ByteBuf b = Unpooled.copiedBuffer(chunks[i], StandardCharsets.UTF_8);
            ch.writeInbound(i == chunks.length - 1 ? new DefaultLastHttpContent(b) : new DefaultHttpContent(b));
        }
        ch.runPendingTasks();
        HttpResponse head = null;
        StringBuilder body = new StringBuilder();
        for (Object o = ch.readOutbound(); o != null; o = ch.readOutbound()) {
            if (o instanceof HttpResponse r && r.status().code() != 100 && head == null) {
                head = r;
            }
            if (o instanceof HttpContent c && head != null) {
                body.append(c.content().toString(StandardCharsets.UTF_8));
            }
            ReferenceCountUtil.release(o);
        }
        assertTrue(head != null, "an answer to " + req.method() + " " + req.uri());
        return new Answer(head, body.toString());
    }
}
