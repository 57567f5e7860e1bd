package dev.probe.core.server;

import io.netty.channel.Channel;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pauses reading from a connection while any reason to stop holds: replies (ACKs) piling up because the
 * client does not read them, or messages waiting for the disk. Thread-safe; each reason is one bit.
 */
final class ReadGate {
    static final int OUTBOUND = 1;
    static final int DISK = 2;

    private final Channel channel;
    private final AtomicInteger closedBy = new AtomicInteger();

    ReadGate(Channel channel) {
        this.channel = channel;
    }

    void close(int reason) {
        if ((closedBy.getAndUpdate(v -> v | reason) & reason) == 0) {
            channel.config().setAutoRead(false);
        }
    }

    void open(int reason) {
        if (closedBy.updateAndGet(v -> v & ~reason) == 0) {
            channel.config().setAutoRead(true);
        }
    }

    /** Closes for OUTBOUND when the channel's outbound buffer is over its high water mark, opens when below. */
    void followWritability() {
        if (channel.isWritable()) {
            open(OUTBOUND);
        } else {
            close(OUTBOUND);
        }
    }
}
