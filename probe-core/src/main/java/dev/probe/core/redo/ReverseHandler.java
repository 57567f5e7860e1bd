package dev.probe.core.redo;

import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Content;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.Ending.End;
import dev.probe.core.protocol.Ending.Result;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Mark;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.protocol.SenderTcp;
import dev.probe.core.server.ReceiveCounters;
import dev.probe.core.server.ServerSession;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.tcp.TcpInfoReader;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The server's side of a reverse test ({@link TestParams#reverse()}, iperf3's -R): the client's MARK starts it; the
 * server then streams the test's messages (paced as asked) for the warm-up and the duration, MARKs the end of the
 * warm-up, and sends END with its counts; the client's END (at that END, or early when it was stopped) is answered
 * with RESULT: what the server sent, as the receiver's RESULT is in the forward direction. A client that asked
 * ({@code sender_tcp}) gets this socket's TCP_INFO in a TCP frame every interval while the data flows.
 */
final class ReverseHandler extends ChannelInboundHandlerAdapter {
    private final SessionConnection connection;
    private final ServerSession session;
    private final TestParams params;
    private final ReceiveCounters counters; // here: what this end sent
    private Content content;
    private DataWriter writer;
    private Pump pump;
    private boolean started;
    private boolean done; // sending over: time up, or the client ended first
    private boolean ended; // the client's END answered
    private Result sent;
    /** The TCP frames every interval, when the client asked for them. */
    private ScheduledFuture<?> tcpEvery;
    /** This socket's TCP_INFO when the warm-up ended (or it started, without one): the summary's window opens there. */
    private TcpInfo atMark;

    ReverseHandler(SessionConnection connection) {
        this.connection = connection;
        this.session = connection.session();
        this.params = (TestParams) session.spec();
        this.counters = connection.counters();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg == Mark.INSTANCE && !started) {
            start(ctx);
        } else if (msg instanceof ControlFrame f && f.type() == FrameType.END && !ended) {
            End.from(f.body());
            stopSending();
            ended = true;
            ctx.writeAndFlush(withTcp(ctx, sent.withServerCpu(session.cpuSinceStart())).frame());
        } else {
            ReferenceCountUtil.release(msg);
            throw new ProtocolException("unexpected " + msg.getClass().getSimpleName() + " in a reverse test"
                    + (started ? "" : " before its start"));
        }
    }

    /** {@code r} with this socket's TCP_INFO since the warm-up: the sender's view, which only this end holds. */
    private Result withTcp(ChannelHandlerContext ctx, Result r) {
        TcpInfo now = TcpInfoReader.read(ctx.channel()).orElse(null);
        return now == null ? r : r.withServerTcp(atMark == null ? now : now.since(atMark),
                TcpInfoReader.congestionControl(ctx.channel()).orElse(null));
    }

    private void start(ChannelHandlerContext ctx) {
        started = true;
        atMark = TcpInfoReader.read(ctx.channel()).orElse(null);
        content = Content.of(params.payload(), Content.newSalt(), 0);
        writer = new DataWriter(ctx.channel(), content, connection.index(), params.length());
        pump = new Pump(ctx.channel(), Pump.period(params.rate(), params.numConn()), () -> done, this::writeOne);
        long t0 = System.nanoTime();
        if (!params.warmup().isZero()) {
            ctx.executor().schedule(() -> {
                if (!done) {
                    atMark = TcpInfoReader.read(ctx.channel()).orElse(atMark);
                    counters.onMark();
                    ctx.writeAndFlush(Mark.INSTANCE, ctx.voidPromise());
                }
            }, params.warmup().toNanos(), TimeUnit.NANOSECONDS);
        }
        ctx.executor().schedule(() -> {
            if (!done) {
                stopSending();
                ctx.writeAndFlush(new End(counters.bytes(), counters.messages()).frame(), ctx.voidPromise());
            }
        }, params.totalDuration().toNanos(), TimeUnit.NANOSECONDS);
        if (params.senderTcp()) {
            long every = params.interval().toNanos();
            // half an interval in, then every interval: each reaches the client before its tick, so its first
            // interval has one too (each reading the sender's at most an interval late)
            tcpEvery = ctx.executor().scheduleAtFixedRate(() -> sendTcp(ctx), every / 2, every, TimeUnit.NANOSECONDS);
        }
        pump.start(t0);
    }

    /** This socket's TCP_INFO now, life-long, for the client's interval (the sender's view only this end holds). */
    private void sendTcp(ChannelHandlerContext ctx) {
        TcpInfo now = done ? null : TcpInfoReader.read(ctx.channel()).orElse(null);
        if (now != null) {
            ctx.writeAndFlush(new SenderTcp(now, TcpInfoReader.congestionControl(ctx.channel()).orElse(null)).frame(),
                    ctx.voidPromise());
        }
    }

    /** One message; the pause the server's --rate-cap asks for, as it would pause reading in the forward direction. */
    private long writeOne() {
        writer.write();
        counters.onBytes(params.length());
        counters.onMessage();
        return session.rateCap() == null ? 0 : session.rateCap().take(params.length());
    }

    private void stopSending() {
        if (!done) {
            done = true;
            sent = counters.result();
        }
        if (tcpEvery != null) {
            tcpEvery.cancel(false);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (pump != null) {
            pump.run();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        stopSending();
        if (content != null) {
            content.close();
        }
        connection.closed(ended, "closed before END");
        ctx.fireChannelInactive();
    }
}
