package dev.probe.core.objstore.endpoint;

import dev.probe.core.objstore.Md5;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One request body streamed into a new blob on a disk thread: MD5 on the way, Content-Length and Content-MD5
 * checked at the end, {@code Expect: 100-continue} answered only once the request is valid. An abort (bad body,
 * vanished client) deletes the half-written blob.
 */
final class BlobUpload {
    private static final long MAX_BODY = 50L << 30;

    private final ObjectStore store;
    private final EventExecutor disk;
    /** MD5 is fed from this reused heap array: the JDK digests direct buffers 4 KiB at a time. */
    /** One per thread, not per connection: an idle connection holds no buffer (issue 23, point 3). */
    private static final ThreadLocal<byte[]> MD5_BUFFER = ThreadLocal.withInitial(() -> new byte[64 * 1024]);
    private HttpRequest request;
    private BlobPipe pipe;
    private MessageDigest md5;
    private long expected;
    private long received;
    private BiConsumer<BlobStore.Blob, byte[]> done;

    BlobUpload(ObjectStore store, EventExecutor disk) {
        this.store = store;
        this.disk = disk;
    }

    /** True while a body is being received. */
    boolean active() {
        return pipe != null;
    }

    /** Starts receiving {@code req}'s body; {@code onDone} gets the stored blob and its MD5. */
    void start(ChannelHandlerContext ctx, HttpRequest req, BlobStore.Generated generated,
               BiConsumer<BlobStore.Blob, byte[]> onDone) throws IOException {
        String cl = req.headers().get(HttpHeaderNames.CONTENT_LENGTH);
        if (cl == null) {
            throw new OciError(HttpResponseStatus.LENGTH_REQUIRED, "LengthRequired", "Content-Length is required");
        }
        long length = RequestFields.parseLong(cl, -1);
        if (length < 0 || length > MAX_BODY) {
            throw OciError.badRequest("Content-Length " + cl + " is out of range [0, " + MAX_BODY + "]");
        }
        request = req;
        expected = length;
        received = 0;
        md5 = Md5.digest();
        done = onDone;
        pipe = new BlobPipe(disk, ctx.channel(), store.blobs().create(UUID.randomUUID().toString(), generated),
                this::digest);
        if (HttpUtil.is100ContinueExpected(req)) {
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        }
    }

    /** Takes one piece of the body; after the last, checks it and stores the blob ({@code failed} hears why not). */
    void content(HttpContent content, Consumer<OciError> failed) {
        ByteBuf data = content.content();
        received += data.readableBytes();
        if (received > expected) {
            throw OciError.badRequest("the body is longer than its Content-Length " + expected);
        }
        pipe.write(data);
        if (content instanceof LastHttpContent) {
            finish(failed);
        }
    }

    /** MD5 of one piece of the body, on the disk thread (in order with the writes), from a reused heap array. */
    private void digest(ByteBuf data) {
        for (int i = data.readerIndex(), end = data.writerIndex(); i < end;) {
            byte[] md5Buffer = MD5_BUFFER.get();
            int n = Math.min(md5Buffer.length, end - i);
            data.getBytes(i, md5Buffer, 0, n);
            md5.update(md5Buffer, 0, n);
            i += n;
        }
    }

    /**
     * The body is whole: its length is checked here; its MD5, computed on the disk thread with the writes, once
     * they are done; a Content-MD5 that does not match deletes the blob.
     */
    private void finish(Consumer<OciError> failed) {
        if (received != expected) {
            throw OciError.badRequest("the body has " + received + " bytes, Content-Length said " + expected);
        }
        String claimed = request.headers().get("content-md5");
        MessageDigest sum = md5;
        BlobPipe p = pipe;
        pipe = null;
        BiConsumer<BlobStore.Blob, byte[]> then = done;
        p.finish(blob -> {
            byte[] digest = sum.digest();
            try {
                if (claimed != null && !claimed.equals(Base64.getEncoder().encodeToString(digest))) {
                    store.blobs().delete(blob);
                    throw new OciError(HttpResponseStatus.BAD_REQUEST, "InvalidContentMd5", "Content-MD5 " + claimed
                            + " does not match the body");
                }
                then.accept(blob, digest);
            } catch (OciError e) {
                failed.accept(e);
            }
        }, e -> failed.accept(Responses.asOciError(e)));
    }

    /** Drops the body received so far, and its blob. */
    void abort() {
        if (pipe != null) {
            pipe.abort();
            pipe = null;
        }
    }
}
