package dev.probe.core.redo;

import dev.probe.core.client.ClientConnectionHandler;
import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Content;
import dev.probe.core.protocol.Ack;
import io.netty.channel.Channel;
import java.util.concurrent.TimeUnit;

/**
 * SYNC mode: one message at a time, the next only after the server's ACK, like SYNC redo transport. Each
 * round trip goes into the run's histograms. With a rate (open loop), message k is due at start + k x period;
 * a message that is due while the previous one is still outstanding is measured from its due time, so a slow
 * reply is not hidden (coordinated omission); one sent by the timer on time is measured from its send.
 */
final class SyncSender extends Sender {
    private final RunMetrics metrics;
    private final long length;
    private final long periodNanos;
    private long sendNanos;
    private long sent;
    private boolean inFlight;

    SyncSender(Channel channel, ClientConnectionHandler handler, Content content, int stream, SendCounters counters,
               TestParams params, RunMetrics metrics) {
        super(channel, handler, content, stream, counters, params);
        this.metrics = metrics;
        this.length = params.length();
        this.periodNanos = params.openLoop() ? Math.round(params.numConn() * 1e9 / params.rate()) : 0;
    }

    @Override
    protected void begin() {
        next(System.nanoTime());
    }

    private void next(long now) {
        if (stopped) {
            return;
        }
        if (now >= endNanos) {
            finish();
            return;
        }
        if (periodNanos == 0) {
            send(now);
            return;
        }
        long due = startNanos + sent * periodNanos;
        if (due <= now) {
            send(due);
        } else {
            channel.eventLoop().schedule(this::sendOnTime, due - now, TimeUnit.NANOSECONDS);
        }
    }

    private void sendOnTime() {
        long now = System.nanoTime();
        if (now >= endNanos) {
            finish();
        } else if (!stopped) {
            send(now);
        }
    }

    @Override
    protected boolean inFlight() {
        return inFlight;
    }

    private void send(long measuredFrom) {
        inFlight = true;
        sendNanos = measuredFrom;
        sent++;
        counters.awaiting(measuredFrom);
        write();
        channel.flush();
    }

    @Override
    void onAck(Ack ack) {
        long now = System.nanoTime();
        inFlight = false;
        counters.awaiting(-1);
        metrics.recordAck(now - sendNanos, ack.diskNanos());
        counters.onMessage(length);
        next(now);
    }
}
