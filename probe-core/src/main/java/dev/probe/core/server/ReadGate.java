package dev.probe.core.server;

import io.netty.channel.Channel;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pauses reading from a connection while any reason to stop holds: replies (ACKs) piling up because the
 * client does not read them, messages waiting for the disk (this connection's, or all connections' together),
 * or the session's rate cap. Thread-safe; each reason is one bit. Reasons change on any thread (disk threads open
 * {@link #DISK}), but the channel's auto-read follows the bits on its event loop only, read there when applied: set
 * straight from each caller, a close and an open crossing between threads could leave a gate with no reason
 * closed and a channel that never reads again (seen: one of 256 backup channels idle until the 60 s timeout).
 */
public final class ReadGate {
    public static final int OUTBOUND = 1;
    public static final int DISK = 2;
    public static final int RATE = 4;
    /** The server's disk queues together hold too much ({@code DiskBacklog}). */
    public static final int DISK_ALL = 8;

    private final Channel channel;
    private final AtomicInteger closedBy = new AtomicInteger();
    private long resumeAt = System.nanoTime();

    public ReadGate(Channel channel) {
        this.channel = channel;
    }

    public void close(int reason) {
        if (closedBy.getAndUpdate(v -> v | reason) == 0) {
            apply();
        }
    }

    public void open(int reason) {
        int before = closedBy.getAndUpdate(v -> v & ~reason);
        if (before != 0 && (before & ~reason) == 0) {
            apply();
        }
    }

    /** Whether any reason holds now. */
    boolean closed() {
        return closedBy.get() != 0;
    }

    /** Sets auto-read to what the bits say now, on the event loop, so the last change applied is the last made. */
    private void apply() {
        if (channel.eventLoop().inEventLoop()) {
            channel.config().setAutoRead(closedBy.get() == 0);
        } else {
            try {
                channel.eventLoop().execute(this::apply);
            } catch (RejectedExecutionException e) {
                // the server is shutting down: its connections no longer read
            }
        }
    }

    /**
     * Takes {@code bytes} from the session's cap, if any, and pauses reading for as long as the cap says. On the
     * event loop; one resume deadline, pushed later by each charge, so an early resume cannot cut a pause short.
     */
    public void charge(RateCap cap, long bytes) {
        long wait = cap == null ? 0 : cap.take(bytes);
        if (wait <= 0) {
            return;
        }
        long until = System.nanoTime() + wait;
        if (until - resumeAt > 0) {
            resumeAt = until;
            close(RATE);
            channel.eventLoop().schedule(() -> {
                if (System.nanoTime() - resumeAt >= 0) {
                    open(RATE);
                }
            }, wait, TimeUnit.NANOSECONDS);
        }
    }

    /** Closes for OUTBOUND when the channel's outbound buffer is over its high water mark, opens when below. */
    public void followWritability() {
        if (channel.isWritable()) {
            open(OUTBOUND);
        } else {
            close(OUTBOUND);
        }
    }
}
