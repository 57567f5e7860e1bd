package dev.probe.core.redo;

import dev.probe.core.client.RunStop;

/**
 * What one client connection has completed: messages ACKed (sync), written (async) or received (reverse), and their
 * bytes.
 * Single writer (the connection's event loop), read by the reporter: volatile fields, no locks.
 */
final class SendCounters {
    private final RunStop stop;
    private volatile long bytes;
    private volatile long messages;
    private volatile long awaitingSince = -1;
    private volatile long finishedNanos = -1;
    private volatile long markBytes;
    private volatile long markMessages;

    /** Counters that charge {@code stop}'s byte cap as they count. */
    SendCounters(RunStop stop) {
        this.stop = stop;
    }

    /** Whether the run was asked to stop (its byte cap passed): a sender writes no more. */
    boolean stopRequested() {
        return stop.requested();
    }

    void onMessage(long length) {
        bytes += length;
        messages++;
        stop.charge(length);
    }

    /** A reverse test received {@code n} bytes of a message, its last when {@code last}. */
    void onChunk(long n, boolean last) {
        bytes += n;
        stop.charge(n);
        if (last) {
            messages++;
        }
    }

    /** The warm-up MARK is being written: the measured counts start here, at the same point as the server's. */
    void mark() {
        markBytes = bytes;
        markMessages = messages;
    }

    long markBytes() {
        return markBytes;
    }

    long markMessages() {
        return markMessages;
    }

    long bytes() {
        return bytes;
    }

    long messages() {
        return messages;
    }

    /** A sync message is outstanding since {@code nanos}; -1 when none. */
    void awaiting(long nanos) {
        awaitingSince = nanos;
    }

    long awaitingSince() {
        return awaitingSince;
    }

    void finished(long nanos) {
        finishedNanos = nanos;
    }

    long finishedNanos() {
        return finishedNanos;
    }
}
