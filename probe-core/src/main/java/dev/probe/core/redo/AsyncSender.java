package dev.probe.core.redo;

import dev.probe.core.client.ClientConnectionHandler;
import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Content;
import io.netty.channel.Channel;
import java.util.concurrent.TimeUnit;

/**
 * ASYNC mode: streams messages for the test's duration, keeping the pipe full while the channel is writable
 * and resuming when it drains (never buffering without bound). With a rate, message k is written at
 * start + k x period (catching up after a stall).
 */
final class AsyncSender extends Sender {
    private final long length;
    private final long periodNanos;
    private long sent;
    private boolean timerArmed;

    AsyncSender(Channel channel, ClientConnectionHandler handler, Content content, int stream, SendCounters counters,
                TestParams params) {
        super(channel, handler, content, stream, counters, params);
        this.length = params.length();
        this.periodNanos = params.openLoop() ? Math.round(params.numConn() * 1e9 / params.rate()) : 0;
    }

    @Override
    protected void begin() {
        channel.eventLoop().schedule(this::finish, endNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        pump();
    }

    @Override
    public void onWritable() {
        pump();
    }

    private void pump() {
        if (stopped) {
            return;
        }
        if (periodNanos == 0) {
            while (channel.isWritable()) {
                writeOne();
            }
        } else {
            long now = System.nanoTime();
            while (channel.isWritable() && startNanos + sent * periodNanos <= now) {
                writeOne();
            }
            long due = startNanos + sent * periodNanos;
            if (channel.isWritable() && !timerArmed) {
                timerArmed = true;
                channel.eventLoop().schedule(() -> {
                    timerArmed = false;
                    pump();
                }, Math.max(0, due - now), TimeUnit.NANOSECONDS);
            }
        }
        channel.flush();
    }

    private void writeOne() {
        write();
        sent++;
        counters.onMessage(length);
    }
}
