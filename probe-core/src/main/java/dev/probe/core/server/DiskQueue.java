package dev.probe.core.server;

import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.util.ReferenceCounted;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One connection's queue of disk work on a disk thread (never the event loop), in order. Reading from the
 * connection pauses while more than 8 MiB wait for the disk; the first I/O error ends the connection with an
 * ERROR and skips the rest.
 */
public final class DiskQueue {
    private static final long HIGH_WATER = 8L * 1024 * 1024;
    private static final long LOW_WATER = 2L * 1024 * 1024;

    /** A piece of disk work. */
    @FunctionalInterface
    public interface IoTask {
        void run() throws IOException;
    }

    private final EventExecutor executor;
    private final Channel channel;
    private final ReadGate gate;
    private final DiskBacklog backlog;
    private final ServerLog log;
    private final AtomicLong pending = new AtomicLong();
    private volatile boolean failed;

    DiskQueue(EventExecutor executor, Channel channel, ReadGate gate, DiskBacklog backlog, ServerLog log) {
        this.executor = executor;
        this.backlog = backlog;
        this.channel = channel;
        this.gate = gate;
        this.log = log;
    }

    /** Queues {@code task} for {@code bytes} of data held by {@code data}, which is released after it runs. */
    public void submit(int bytes, ReferenceCounted data, IoTask task) {
        if (pending.addAndGet(bytes) > HIGH_WATER) {
            gate.close(ReadGate.DISK);
        }
        long pinned = pinned(bytes, data);
        backlog.add(pinned, gate);
        executor.execute(() -> {
            try {
                if (!failed) {
                    task.run();
                }
            } catch (IOException | RuntimeException e) {
                fail(e);
            } finally {
                data.release();
                if (pending.addAndGet(-bytes) < LOW_WATER) {
                    gate.open(ReadGate.DISK);
                }
                backlog.done(pinned);
            }
        });
    }

    /**
     * The memory {@code data} keeps while it waits: a received chunk is a slice of the read it came in (up to 1 MiB),
     * and the whole read stays allocated until its last slice is written, so the server-wide bound counts that.
     */
    private static long pinned(int bytes, ReferenceCounted data) {
        if (data instanceof ByteBufHolder h) {
            ByteBuf root = h.content().unwrap() == null ? h.content() : h.content().unwrap();
            return Math.max(bytes, root.capacity());
        }
        return bytes;
    }

    /** Runs {@code task} on the disk thread after everything queued so far (also after a failure). */
    public void after(IoTask task) {
        executor.execute(() -> {
            try {
                task.run();
            } catch (IOException | RuntimeException e) {
                log.log("disk cleanup failed: " + e.getMessage());
            }
        });
    }

    private void fail(Exception e) {
        failed = true;
        log.log("disk write failed: " + e.getMessage() + "; closing " + channel.remoteAddress());
        channel.writeAndFlush(new ErrorReply(ErrorCode.INTERNAL, "server disk write failed: " + e.getMessage()).frame())
                .addListener(ChannelFutureListener.CLOSE);
    }
}
