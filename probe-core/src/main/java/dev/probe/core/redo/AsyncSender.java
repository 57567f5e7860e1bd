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
        channel.eventLoop().schedule(this::finish, endNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        pump.start(startNanos);
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
