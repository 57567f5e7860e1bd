package dev.probe.core.redo;

import dev.probe.core.protocol.Ack;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.server.DiskQueue;
import dev.probe.core.server.ReadGate;
import io.netty.channel.Channel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes one sync/async connection's messages to its own file through a {@link DiskQueue}, forcing each message
 * to disk ({@code fdatasync}) at its end, then ACKs sync messages with the write time (the time in its writes and
 * the force, not the wait for its later chunks from the network). The file is a ring of
 * {@code ringSize} bytes written through before (see {@link RedoLogs}), written in place like a standby redo log.
 * Only fully written messages are ACKed.
 */
final class DiskWriter {
    private final DiskQueue queue;
    private final Channel channel;
    private final ReadGate gate;
    private final Path path;
    private final long ringSize;
    private final boolean ack;
    private FileChannel file;
    private long position;
    private long messageDiskNanos;

    DiskWriter(DiskQueue queue, Channel channel, ReadGate gate, Path path, long ringSize, boolean ack) {
        this.queue = queue;
        this.channel = channel;
        this.gate = gate;
        this.path = path;
        this.ringSize = ringSize;
        this.ack = ack;
    }

    /** Takes ownership of {@code chunk}. */
    void write(DataChunk chunk) {
        queue.submit(chunk.content().readableBytes(), chunk, () -> writeChunk(chunk));
    }

    private void writeChunk(DataChunk chunk) throws IOException {
        if (file == null) {
            file = FileChannel.open(path, StandardOpenOption.WRITE);
        }
        long start = System.nanoTime();
        if (chunk.first()) {
            messageDiskNanos = 0;
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
        }
        messageDiskNanos += System.nanoTime() - start;
        if (chunk.last() && ack) {
            channel.writeAndFlush(new Ack(messageDiskNanos), channel.voidPromise());
            gate.followWritability();
        }
    }

    /** Runs {@code task} on the disk thread after every write queued so far. */
    void afterPending(Runnable task) {
        queue.after(task::run);
    }

    /** Closes the file after the queued writes (the ring itself is kept for a later connection). */
    void close() {
        queue.after(() -> {
            if (file != null) {
                file.close();
            }
        });
    }
}
