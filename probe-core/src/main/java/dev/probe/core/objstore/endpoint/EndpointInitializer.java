package dev.probe.core.objstore.endpoint;

import dev.probe.core.server.HttpGuard;
import dev.probe.core.server.ServerLog;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.EventExecutorGroup;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Object Storage endpoint's pipeline, in order: admission (connection caps), TLS (when on), idle watch, header
 * deadline, HTTP/1.1 codec, Netty's keep-alive handler
 * (closes after a response when the request or the response says so), chunked writer, router (path and
 * signature), bounded JSON aggregation (blob uploads stream past it), the dispatch to the one operation each
 * request's route names (buckets, objects, multipart), and last the handler of what no one answered.
 */
public final class EndpointInitializer extends ChannelInitializer<SocketChannel> {
    private final ObjectStore store;
    private final SignatureVerifier verifier;
    private final SslContext tls;
    private final Duration idle;
    private final ServerLog log;
    private final EventExecutorGroup disk;
    /** Connections one address may hold open. */
    static final int MAX_PER_SOURCE = 64;
    /** Connections in all. */
    static final int MAX_TOTAL = 1024;
    /** Connections that have sent no valid request yet. */
    static final int UNPROVEN = 64;
    private final HttpGuard guard;
    private final EndpointNames names;
    private final EndpointErrors errors;

    /** {@code disk} runs the blob writes, off the event loops. */
    public EndpointInitializer(ObjectStore store, SignatureVerifier verifier, EndpointNames names, SslContext tls,
                               Duration idle, Duration headerDeadline, EventExecutorGroup disk, ServerLog log) {
        this.names = names;
        this.guard = new HttpGuard(MAX_TOTAL, MAX_PER_SOURCE, UNPROVEN, headerDeadline, "object storage endpoint", log);
        this.disk = disk;
        this.store = store;
        this.verifier = verifier;
        this.tls = tls;
        this.idle = idle;
        this.log = log;
        this.errors = new EndpointErrors(log);
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        ChannelPipeline p = ch.pipeline();
        p.addLast("admission", guard.admission());
        if (tls != null) {
            p.addLast("tls", tls.newHandler(ch.alloc()));
        }
        // idle = nothing read and no write progress: a long GET the client only reads is not idle
        p.addLast("idle", new IdleStateHandler(true, 0, 0, idle.toMillis(), TimeUnit.MILLISECONDS));
        p.addLast("idle-close", guard.idleClose());
        p.addLast("header-deadline", guard.deadline());
        p.addLast("http", new HttpServerCodec(4096, 16 * 1024, 1024 * 1024));
        p.addLast("headers-done", guard.headersDone());
        p.addLast("keep-alive", new HttpServerKeepAliveHandler());
        p.addLast("chunked", new ChunkedWriteHandler());
        p.addLast("router", new EndpointRouter(verifier, names, guard, log));
        p.addLast("json-bodies", new JsonBodies(log));
        p.addLast("dispatch", dispatch(store, new BlobUpload(store, disk.next()), log));
        p.addLast("errors", errors);
    }

    /** The operations, each request to the one its route names. */
    static EndpointDispatch dispatch(ObjectStore store, BlobUpload upload, ServerLog log) {
        return new EndpointDispatch(List.of(new BucketRequests(store), new ObjectRequests(store),
                new MultipartRequests(store)), upload, log);
    }
}
