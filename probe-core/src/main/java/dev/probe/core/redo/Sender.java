package dev.probe.core.redo;

import dev.probe.core.client.ClientConnectionHandler;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Worker;
import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Content;
import dev.probe.core.protocol.Ack;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.Ending.End;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Mark;
import dev.probe.core.protocol.Relayed;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.tcp.TcpInfoReader;
import io.netty.channel.Channel;
import io.netty.util.ReferenceCountUtil;
import java.util.function.Consumer;

/**
 * Drives one connection's data phase on its event loop, each message written by a {@link DataWriter}. When the data
 * is done it sends END and completes the connection's outcome with the server's RESULT.
 */
abstract class Sender implements Worker {
    protected final Channel channel;
    protected final ClientConnectionHandler handler;
    private final DataWriter writer;
    protected final SendCounters counters;
    protected final TestParams params;
    protected long startNanos;
    protected long endNanos;
    protected boolean stopped;
    private boolean endRequested;
    private Consumer<Relayed> relayed = r -> {};

    /** Sends connection {@code stream}'s messages of {@code content}. */
    Sender(Channel channel, ClientConnectionHandler handler, Content content, int stream, SendCounters counters,
           TestParams params) {
        this.channel = channel;
        this.handler = handler;
        this.writer = new DataWriter(channel, content, stream, params.length());
        this.counters = counters;
        this.params = params;
    }

    /** Starts sending; {@code t0} is the run's common start. On the event loop. */
    @Override
    public final void start(long t0) {
        startNanos = t0;
        endNanos = t0 + params.totalDuration().toNanos();
        begin();
    }

    protected abstract void begin();

    /** Where a relay's RELAYED frames go (the run's listener). */
    void hearRelayed(Consumer<Relayed> to) {
        relayed = to;
    }

    @Override
    public void onInbound(Object msg) {
        if (msg instanceof Ack) {
            onAck((Ack) msg);
        } else if (msg instanceof ControlFrame f && f.type() == FrameType.RELAYED) {
            try {
                relayed.accept(Relayed.from(f.body()));
            } catch (BadParameterException e) {
                handler.fail(new ProbeException(ProbeException.Kind.PROTOCOL, "bad RELAYED from the relay: "
                        + e.getMessage()));
            }
        } else {
            ReferenceCountUtil.release(msg);
            handler.fail(new ProbeException(ProbeException.Kind.PROTOCOL, "unexpected " + msg.getClass().getSimpleName()
                    + " from server during a test"));
        }
    }

    void onAck(Ack ack) {
        handler.fail(new ProbeException(ProbeException.Kind.PROTOCOL, "server sent an ACK in async mode"));
    }

    @Override
    public void onWritable() {
    }

    SendCounters counters() {
        return counters;
    }

    /**
     * The TCP_INFO an interval reports for this connection: the sending socket's, which is this one's (a receiver's
     * is the server's, as it last sent it); null where unreadable.
     */
    TcpInfo sendingTcp() {
        return TcpInfoReader.read(channel).orElse(null);
    }

    /** The sending socket's congestion control where this end learned it from the sender; null for its own. */
    String sendingCongestion() {
        return null;
    }

    Channel channel() {
        return channel;
    }

    ClientConnectionHandler handler() {
        return handler;
    }

    /**
     * Writes the warm-up MARK between two messages; the measured window began at {@code windowNanos}, so the data
     * goes on for the run's duration from there (a busy host that ran the warm-up's end late would otherwise measure
     * less than the duration asked for). On the event loop.
     */
    void sendMark(long windowNanos) {
        if (!stopped) {
            counters.mark();
            channel.writeAndFlush(Mark.INSTANCE, channel.voidPromise());
            if (!endRequested) {
                endNanos = Math.max(endNanos, windowNanos + params.duration().toNanos());
            }
        }
    }

    /** Ends the data now, as if the time were up (a stop was requested): END at once, or after the awaited ACK. */
    void endNow() {
        endRequested = true;
        endNanos = Math.min(endNanos, System.nanoTime());
        if (!inFlight()) {
            finish();
        }
    }

    /** True while a message awaits its ACK (sync); {@link #endNow} then ends on the ACK. */
    protected boolean inFlight() {
        return false;
    }

    /** Stops sending without END (the run failed). */
    @Override
    public void stop() {
        stopped = true;
    }

    /** The data is done: END with the sender's counts, then RESULT completes the outcome. */
    protected final void finish() {
        if (stopped) {
            return;
        }
        stopped = true;
        counters.awaiting(-1);
        counters.finished(System.nanoTime());
        handler.end(new End(counters.bytes(), counters.messages()), () -> {});
    }

    /** Writes the next message of this connection's content (see {@link DataWriter}); not flushed. */
    protected final void write() {
        writer.write();
    }
}
