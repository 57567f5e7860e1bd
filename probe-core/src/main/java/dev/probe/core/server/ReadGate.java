package dev.probe.core.server;

import io.netty.channel.Channel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.TimeUnit;

/**
 * Pauses reading from a connection while any reason to stop holds: replies (ACKs) piling up because the
 * client does not read them, messages waiting for the disk (this connection's, or all connections' together),
 * or the session's rate cap. Thread-safe; each reason
 * is one bit.
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
        if ((closedBy.getAndUpdate(v -> v | reason) & reason) == 0) {
            channel.config().setAutoRead(false);
        }
    }

    public void open(int reason) {
        if (closedBy.updateAndGet(v -> v & ~reason) == 0) {
            channel.config().setAutoRead(true);
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
