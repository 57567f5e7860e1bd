package dev.probe.core.bulk;

import dev.probe.core.client.RunStop;

/**
 * One bulk channel's progress: bytes moved (sent in backup, received in restore), pieces done, and where it is.
 * Single writer (the channel's event loop), read by the reporter: volatile fields, no locks.
 */
final class BulkCounters {
    private final RunStop stop;
    private volatile long bytes;
    private volatile long pieces;
    private volatile long piece = -1;
    private volatile long pieceStartBytes;
    private volatile long finishedNanos = -1;

    /** Counters that charge {@code stop}'s byte cap as they count. */
    BulkCounters(RunStop stop) {
        this.stop = stop;
    }

    void add(long n) {
        bytes += n;
        stop.charge(n);
    }

    void startPiece(long k) {
        piece = k;
        pieceStartBytes = bytes;
    }

    void pieceDone() {
        pieces++;
    }

    void finished(long nanos) {
        finishedNanos = nanos;
    }

    long bytes() {
        return bytes;
    }

    long pieces() {
        return pieces;
    }

    /** Marks the channel finished at {@code nanos} unless it finished already (a failed run's channels). */
    void finishedIfNot(long nanos) {
        if (finishedNanos < 0) {
            finishedNanos = nanos;
        }
    }

    long finishedNanos() {
        return finishedNanos;
    }

    /** "piece 17 at byte 4194304", or null before the first piece. */
    String position() {
        return piece < 0 ? null : "piece " + piece + " at byte " + (bytes - pieceStartBytes);
    }
}
