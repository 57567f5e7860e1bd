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
    private final Pump pump;

    AsyncSender(Channel channel, ClientConnectionHandler handler, Content content, int stream, SendCounters counters,
                TestParams params) {
        super(channel, handler, content, stream, counters, params);
        this.length = params.length();
        this.pump = new Pump(channel, Pump.period(params.rate(), params.numConn()), () -> stopped || counters
                .stopRequested(), this::writeOne);
    }

    @Override
    protected void begin() {
        finishWhenDue();
        pump.start(startNanos);
    }

    /** Finishes at the data's end, which the warm-up's MARK may have moved later. */
    private void finishWhenDue() {
        long left = endNanos - System.nanoTime();
        if (left > 0) {
            channel.eventLoop().schedule(this::finishWhenDue, left, TimeUnit.NANOSECONDS);
        } else {
            finish();
        }
    }

    @Override
    public void onWritable() {
        pump.run();
    }

    private long writeOne() {
        write();
        counters.onMessage(length);
        return 0;
    }
}
