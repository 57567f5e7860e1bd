package dev.probe.core.server;

import dev.probe.core.protocol.Ending.Result;

/**
 * What one server connection has received. Written only by its event loop (single writer), read by the
 * reporter thread: plain volatile fields, no locks on the hot path.
 */
public final class ReceiveCounters {
    private volatile long bytes;
    private volatile long messages;
    private volatile long firstByteNanos = -1;
    private volatile long markNanos = -1;
    private volatile long markBytes;

    public void onBytes(long n) {
        if (firstByteNanos < 0) {
            firstByteNanos = System.nanoTime();
        }
        bytes += n;
    }

    public void onMessage() {
        messages++;
    }

    public void onMark() {
        markBytes = bytes;
        markNanos = System.nanoTime();
    }

    public long bytes() {
        return bytes;
    }

    public long messages() {
        return messages;
    }

    /** The receiver's counts at END: measured from the MARK, or from the first byte without warm-up. */
    public Result result() {
        long start = markNanos >= 0 ? markNanos : firstByteNanos;
        long measuredNanos = start < 0 ? 0 : System.nanoTime() - start;
        return new Result(bytes, messages, bytes - markBytes, measuredNanos);
    }
}
