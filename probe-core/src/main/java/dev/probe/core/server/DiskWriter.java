package dev.probe.core.server;

import dev.probe.core.protocol.Ack;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.Messages.ErrorCode;
import dev.probe.core.protocol.Messages.ErrorReply;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes one connection's messages to its own file on a disk thread (never the event loop), forcing each
 * message to disk ({@code fdatasync}) at its end, then ACKs sync messages with the write time. The file is a
 * ring of {@code ringSize} bytes, like a redo log. Reading pauses while more than 8 MiB wait for the disk.
 * Fully written messages are the only ones ACKed; a write error ends the connection with an ERROR.
 */
final class DiskWriter {
    private static final long HIGH_WATER = 8L * 1024 * 1024;
    private static final long LOW_WATER = 2L * 1024 * 1024;

    private final EventExecutor executor;
    private final Channel channel;
    private final Path path;
    private final long ringSize;
    private final boolean ack;
    private final ServerLog log;
    private final AtomicLong pending = new AtomicLong();
    private final ReadGate gate;
    private FileChannel file;
    private long position;
    private long messageStart;
    private boolean failed;

    DiskWriter(EventExecutor executor, Channel channel, ReadGate gate, Path path, long ringSize, boolean ack,
               ServerLog log) {
        this.executor = executor;
        this.gate = gate;
        this.channel = channel;
        this.path = path;
        this.ringSize = ringSize;
        this.ack = ack;
        this.log = log;
    }

    /** Takes ownership of {@code chunk}. */
    void write(DataChunk chunk) {
        int n = chunk.content().readableBytes();
        if (pending.addAndGet(n) > HIGH_WATER) {
            gate.close(ReadGate.DISK);
        }
        executor.execute(() -> {
            try {
                if (!failed) {
                    writeChunk(chunk);
                }
            } catch (IOException | RuntimeException e) {
                fail(e);
            } finally {
                chunk.release();
                if (pending.addAndGet(-n) < LOW_WATER) {
                    gate.open(ReadGate.DISK);
                }
            }
        });
    }

    private void writeChunk(DataChunk chunk) throws IOException {
        if (file == null) {
            file = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
        }
        if (chunk.first()) {
            messageStart = System.nanoTime();
        }
        for (ByteBuffer bb : chunk.content().nioBuffers()) {
            while (bb.hasRemaining()) {
                if (position == ringSize) {
                    position = 0;
                }
                ByteBuffer part = bb.slice();
                part.limit((int) Math.min(part.remaining(), ringSize - position));
                int written = file.write(part, position);
                position += written;
                bb.position(bb.position() + written);
            }
        }
        if (chunk.last()) {
            file.force(false);
            if (ack) {
                channel.writeAndFlush(new Ack(System.nanoTime() - messageStart), channel.voidPromise());
                gate.followWritability();
            }
        }
    }

    private void fail(Exception e) {
        failed = true;
        log.log("disk write to " + path + " failed: " + e.getMessage() + "; closing " + channel.remoteAddress());
        channel.writeAndFlush(new ErrorReply(ErrorCode.INTERNAL, "server disk write failed: " + e.getMessage()).frame())
                .addListener(ChannelFutureListener.CLOSE);
    }

    /** Runs {@code task} on the disk thread after every write queued so far. */
    void afterPending(Runnable task) {
        executor.execute(task);
    }

    /** Closes and deletes the file after the queued writes. */
    void close() {
        executor.execute(() -> {
            try {
                if (file != null) {
                    file.close();
                }
                Files.deleteIfExists(path);
            } catch (IOException e) {
                log.log("cannot remove " + path + ": " + e.getMessage());
            }
        });
    }
}
