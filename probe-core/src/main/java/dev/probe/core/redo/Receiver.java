package dev.probe.core.redo;

import dev.probe.core.client.ClientConnectionHandler;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Mark;
import dev.probe.core.protocol.SenderTcp;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.transport.StreamReads;
import io.netty.channel.Channel;
import io.netty.util.ReferenceCountUtil;

/**
 * A reverse test's client side ({@link TestParams#reverse()}): its MARK starts the server sending; it counts what
 * arrives (the server's MARK starts the measured counts, as the client's does in the forward direction), and at
 * the server's END, or early when stopped, sends END with what it received; the server's RESULT says what it sent.
 * The server's TCP frames (every interval) give its sending socket's TCP_INFO: the intervals report those.
 */
final class Receiver extends Sender {
    /** The server's sending socket as its last TCP frame gave it (null before the first, or from an older server). */
    private volatile SenderTcp sender;

    Receiver(Channel channel, ClientConnectionHandler handler, int stream, SendCounters counters, TestParams params) {
        super(channel, handler, null, stream, counters, params);
        StreamReads.large(channel);
    }

    @Override
    protected void begin() {
        channel.writeAndFlush(Mark.INSTANCE, channel.voidPromise());
    }

    @Override
    public void onInbound(Object msg) {
        if (msg instanceof DataChunk chunk) { // also after an early END: what was in flight still counts
            counters.onChunk(chunk.content().readableBytes(), chunk.last());
            chunk.release();
        } else if (msg instanceof ControlFrame f && f.type() == FrameType.TCP) {
            sender = SenderTcp.from(f.body());
        } else if (stopped) {
            ReferenceCountUtil.release(msg);
        } else if (msg == Mark.INSTANCE) {
            counters.mark();
        } else if (msg instanceof ControlFrame f && f.type() == FrameType.END) {
            finish();
        } else {
            super.onInbound(msg);
        }
    }

    /** The server's sending socket, as it last reported it; null until it has (an older server never does). */
    @Override
    TcpInfo sendingTcp() {
        SenderTcp s = sender;
        return s == null ? null : s.tcp();
    }

    /** The server's congestion control, as it last reported it, or null. */
    @Override
    String sendingCongestion() {
        SenderTcp s = sender;
        return s == null ? null : s.congestion();
    }

    /** The server marks the end of the warm-up in this direction. */
    @Override
    void sendMark(long windowNanos) {
    }
}
