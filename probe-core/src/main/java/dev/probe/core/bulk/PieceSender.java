package dev.probe.core.bulk;

import dev.probe.core.params.BulkParams;
import io.netty.channel.Channel;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * Streams one piece at a time on a channel as DATA frames of 1 MiB (the last short), writing only while the
 * channel is writable so memory stays bounded; call {@link #pump()} again when it becomes writable. On the
 * channel's event loop.
 */
public final class PieceSender {
    private final Channel channel;
    private ChunkSource source;
    private long piece = -1;
    private long length;
    private long written;
    private long chunk;
    private boolean running;

    public PieceSender(Channel channel) {
        this.channel = channel;
    }

    public void start(long k, long pieceLength, ChunkSource from) {
        piece = k;
        length = pieceLength;
        source = from;
        written = 0;
        chunk = 0;
    }

    public boolean active() {
        return piece >= 0 && written < length;
    }

    public long piece() {
        return piece;
    }

    public long written() {
        return written;
    }

    /**
     * Writes chunks while the channel is writable and {@code more} says to go on; returns the bytes written.
     * The piece is complete when {@link #active()} turns false.
     */
    public long pump(BooleanSupplier more) {
        long before = written;
        while (active() && channel.isWritable() && more.getAsBoolean()) {
            int n = (int) Math.min(BulkParams.CHUNK, length - written);
            source.write(channel, piece, chunk, written, n);
            written += n;
            chunk++;
        }
        channel.flush();
        return written - before;
    }

    /** Starts the next piece on a sender, or says there is none to start now. */
    @FunctionalInterface
    public interface NextPiece {
        /** Calls {@link PieceSender#start} and returns true, or returns false to stop for now. */
        boolean startNext(PieceSender sender);
    }

    /**
     * Sends piece after piece while {@code more} holds and the channel is writable: starts pieces from
     * {@code next}, reports bytes written to {@code onBytes} and each finished piece to {@code onPieceDone}.
     * Not re-entrant: a flush can report the channel writable again from inside; such an inner call returns at
     * once and this loop goes on.
     */
    public void run(NextPiece next, BooleanSupplier more, LongConsumer onBytes, Runnable onPieceDone) {
        if (running) {
            return;
        }
        running = true;
        try {
            while (more.getAsBoolean()) {
                if (!active() && !next.startNext(this)) {
                    return;
                }
                onBytes.accept(pump(more));
                if (!active()) {
                    onPieceDone.run();
                } else if (!channel.isWritable()) {
                    return;
                }
            }
        } finally {
            running = false;
        }
    }

    /** Abandons the current piece at a chunk boundary (a run by duration ended). */
    public void stop() {
        length = written;
    }
}
