package dev.probe.core.client;

/** Drives one connection's data phase on its event loop and hears what the server sends during it. */
public interface Worker {
    /** Starts the data phase; {@code t0} is the run's common start (nanoTime). */
    void start(long t0);

    /** An ACK, PIECE_DONE or DATA chunk from the server; the worker releases what it is given. */
    void onInbound(Object msg);

    /** The channel drained below its high water mark. */
    void onWritable();

    /** The run failed: stop sending. */
    void stop();

    /** Where the worker was when the connection failed (e.g. "channel 3, piece 17 at byte 4194304"), or null. */
    default String context() {
        return null;
    }
}
