package dev.probe.core.bulk;

import dev.probe.core.client.ClientConnection;
import dev.probe.core.client.ClientConnectionHandler;
import dev.probe.core.client.Worker;
import dev.probe.core.params.BulkParams;
import dev.probe.core.payload.PieceQueue;
import dev.probe.core.protocol.Ending.End;
import io.netty.channel.Channel;

/**
 * What backup and restore channels share: the run's piece queue and deadline, the channel's counters, and the
 * ending (END, then the server's RESULT completes the channel's outcome). On the channel's event loop.
 */
abstract class BulkWorker implements Worker {
    protected final int index;
    protected final Channel channel;
    protected final ClientConnectionHandler handler;
    protected final BulkParams params;
    protected final PieceQueue queue;
    protected final BulkCounters counters;
    protected boolean finishing;

    BulkWorker(int index, ClientConnection connection, BulkParams params, PieceQueue queue,
               BulkCounters counters) {
        this.index = index;
        this.channel = connection.channel();
        this.handler = connection.handler();
        this.params = params;
        this.queue = queue;
        this.counters = counters;
    }

    /** Starts the channel; a run by duration ends when the shared queue's deadline passes. */
    @Override
    public final void start(long t0) {
        begin();
    }

    protected abstract void begin();

    protected final boolean overtime() {
        return queue.expired();
    }

    @Override
    public void stop() {
        finishing = true;
    }

    /**
     * The queue was closed early (a stop was requested): a channel that moves data notices on its next step; one
     * that waits for the socket looks now. On the event loop.
     */
    void endNow() {
    }

    @Override
    public String context() {
        String where = counters.position();
        return "channel " + index + (where == null ? "" : ", " + where);
    }

    BulkCounters counters() {
        return counters;
    }

    /** No more pieces: END, and the server's RESULT completes this channel. */
    protected final void finish() {
        if (finishing) {
            return;
        }
        finishing = true;
        handler.end(new End(counters.bytes(), counters.pieces()), () -> counters.finished(System.nanoTime()));
    }
}
