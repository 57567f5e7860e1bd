package dev.probe.core.objstore.endpoint;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Streams one upload's bytes into a blob on a disk thread, in order, never on the event loop; the connection stops
 * reading while more than 8 MiB wait. The first write error is kept and reported when the upload finishes.
 */
final class BlobPipe {
    private static final long HIGH_WATER = 8L << 20;
    private static final long LOW_WATER = 2L << 20;
    private final EventExecutor disk;
    private final Channel channel;
    private final BlobStore.Writer writer;
    private final Consumer<ByteBuf> observer;
    private final AtomicLong pending = new AtomicLong();
    private volatile RuntimeException failure;

    /** {@code observer} sees each piece of data on the disk thread, in order, before it is written (the MD5). */
    BlobPipe(EventExecutor disk, Channel channel, BlobStore.Writer writer, Consumer<ByteBuf> observer) {
        this.disk = disk;
        this.channel = channel;
        this.writer = writer;
        this.observer = observer;
    }

    /** Queues {@code data} (retained here, released after the write). On the event loop. */
    void write(ByteBuf data) {
        int n = data.readableBytes();
        ByteBuf d = data.retain();
        if (pending.addAndGet(n) > HIGH_WATER && channel.config().isAutoRead()) {
            channel.config().setAutoRead(false);
        }
        disk.execute(() -> {
            try {
                if (failure == null) {
                    observer.accept(d);
                    writer.write(d);
                }
            } catch (IOException e) {
                failure = new OciError(HttpResponseStatus.INTERNAL_SERVER_ERROR,
                        "InternalServerError", "storing the object failed: " + e.getMessage());
            } catch (RuntimeException e) {
                failure = e;
            } finally {
                d.release();
                if (pending.addAndGet(-n) < LOW_WATER && !channel.config().isAutoRead()) {
                    channel.config().setAutoRead(true);
                }
            }
        });
    }

    /** After the queued writes: completes the blob, then calls {@code done} or {@code failed} on the event loop. */
    void finish(Consumer<BlobStore.Blob> done, Consumer<RuntimeException> failed) {
        disk.execute(() -> {
            RuntimeException f = failure;
            BlobStore.Blob blob = null;
            if (f == null) {
                try {
                    blob = writer.finish();
                } catch (IOException e) {
                    f = new OciError(HttpResponseStatus.INTERNAL_SERVER_ERROR,
                            "InternalServerError", "storing the object failed: " + e.getMessage());
                } catch (RuntimeException e) {
                    f = e;
                }
            }
            if (f != null) {
                writer.abort();
            }
            RuntimeException error = f;
            BlobStore.Blob result = blob;
            channel.eventLoop().execute(() -> {
                if (error == null) {
                    done.accept(result);
                } else {
                    failed.accept(error);
                }
            });
        });
    }

    /** Drops the upload after the queued writes. */
    void abort() {
        disk.execute(writer::abort);
    }
}
