package dev.probe.core.client;

import dev.probe.core.params.BadParameterException;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Messages;
import dev.probe.core.protocol.Messages.Hello;
import dev.probe.core.protocol.Messages.Join;
import dev.probe.core.protocol.Messages.Joined;
import dev.probe.core.protocol.Messages.Ready;
import dev.probe.core.protocol.Messages.Result;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.Summary;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.transport.IoErrors;
import dev.probe.core.transport.Transports;
import dev.probe.core.units.Rates;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.util.concurrent.Future;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Runs one sync or async test against a probe server, iperf3-style: HELLO / READY on the first connection,
 * JOIN for the others, the data phase, then END / RESULT on each connection so the receiver's counts are known.
 *
 * <pre>{@code
 * TestResult r = new ProbeClient(ClientConfig.of("standby-host", 5555, params)).run(listener);
 * }</pre>
 */
public final class ProbeClient {
    private final ClientConfig config;

    public ProbeClient(ClientConfig config) {
        this.config = config;
    }

    /** Runs the test; throws {@link ProbeException} with a one-line reason when it cannot. */
    public TestResult run(RunListener listener) throws InterruptedException {
        TestParams params = config.params();
        EventLoopGroup group = Transports.group(Math.min(params.numConn(), Runtime.getRuntime().availableProcessors()),
                "probe-client");
        List<ClientConnection> connections = new ArrayList<>();
        ByteBuf message = messageTemplate(params.length());
        try {
            Bootstrap bootstrap = bootstrap(group);
            ClientConnection first = connect(bootstrap);
            connections.add(first);
            Ready ready = Ready.from(await(first.handler.request(
                    new Hello(Frames.VERSION, Messages.randomId(), params).frame()), "READY").body());
            for (int i = 1; i < params.numConn(); i++) {
                ClientConnection c = connect(bootstrap);
                connections.add(c);
                Joined.from(await(c.handler.request(new Join(ready.sessionId(), i).frame()), "JOINED").body());
            }
            int sndbuf = first.channel.config().getOption(ChannelOption.SO_SNDBUF);
            listener.onReady(ready, sndbuf);
            return measure(connections, message, ready, sndbuf, listener);
        } catch (BadParameterException e) {
            throw new ProbeException(ProbeException.Kind.PROTOCOL, "bad reply from server: " + e.getMessage());
        } finally {
            connections.forEach(c -> c.channel.close());
            message.release();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private TestResult measure(List<ClientConnection> connections, ByteBuf message, Ready ready, int sndbuf,
                               RunListener listener) throws InterruptedException {
        TestParams params = config.params();
        RunMetrics metrics = new RunMetrics();
        IntervalCollector collector = new IntervalCollector(listener);
        IntervalReporter reporter = new IntervalReporter(connections, metrics, params, collector, config.timeout());
        Instant startedAt = Instant.now();
        long t0 = System.nanoTime();
        reporter.start(t0);
        for (ClientConnection c : connections) {
            c.start(params.mode() == Mode.SYNC
                    ? new SyncSender(c.channel, c.handler, message, c.counters, params, metrics)
                    : new AsyncSender(c.channel, c.handler, message, c.counters, params), t0);
        }
        long deadline = t0 + params.totalDuration().plus(config.timeout()).toNanos();
        List<Result> results = new ArrayList<>();
        try {
            for (ClientConnection c : connections) {
                results.add(awaitUntil(c.handler.outcome(), deadline));
            }
        } finally {
            connections.forEach(c -> c.channel.eventLoop().execute(c.sender::stop));
        }
        TcpInfo finalTcp = reporter.readTcp();
        long end = connections.stream().mapToLong(c -> c.counters.finishedNanos()).max().orElse(System.nanoTime());
        IntervalReporter.Baseline base = reporter.stop(end);
        checkCounts(connections, results);
        long measuredBytes = reporter.sumBytes() - base.bytes();
        long messages = reporter.sumMessages() - base.messages();
        long senderNanos = end - base.nanos();
        long received = results.stream().mapToLong(Result::measuredBytes).sum();
        long receiverNanos = results.stream().mapToLong(Result::measuredNanos).max().orElse(0);
        TcpStats tcp = finalTcp == null ? null : TcpStats.between(base.tcp(), finalTcp, reporter.congestion());
        Summary summary = new Summary(senderNanos / 1e9, measuredBytes, received,
                Rates.mibPerSecond(received, receiverNanos), Rates.mibPerSecond(measuredBytes, senderNanos),
                messages, senderNanos <= 0 ? 0 : messages / (senderNanos / 1e9),
                LatencyStats.of(metrics.summaryLatency()), LatencyStats.of(metrics.summaryDisk()), tcp,
                params.openLoop(), sndbuf, ready.rcvbuf());
        TestResult result = new TestResult(params.mode().wireName(), startedAt, config.host(), config.port(), params,
                Transports.name(), ready.server(), summary, collector.samples());
        listener.onFinished(result);
        return result;
    }

    /** TCP guarantees the server saw every byte sent; anything else is a fault worth failing the run for. */
    private static void checkCounts(List<ClientConnection> connections, List<Result> results) {
        for (int i = 0; i < results.size(); i++) {
            long sent = connections.get(i).counters.bytes();
            long got = results.get(i).bytesReceived();
            if (sent != got) {
                throw new ProbeException(ProbeException.Kind.INTEGRITY, "connection " + i + ": client sent " + sent
                        + " payload bytes but the server counted " + got);
            }
        }
    }

    private Bootstrap bootstrap(EventLoopGroup group) {
        long length = config.params().length();
        int high = (int) Math.max(4L * 1024 * 1024, 2 * (length + Frames.HEADER_LENGTH));
        Bootstrap b = new Bootstrap()
                .group(group)
                .channel(Transports.channel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) config.connectTimeout().toMillis())
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(high / 2, high))
                .handler(new ClientInitializer());
        long sockbuf = config.params().sockbuf();
        if (sockbuf > 0) {
            b.option(ChannelOption.SO_SNDBUF, (int) sockbuf).option(ChannelOption.SO_RCVBUF, (int) sockbuf);
        }
        return b;
    }

    private ClientConnection connect(Bootstrap bootstrap) throws InterruptedException {
        ChannelFuture f = bootstrap.connect(config.host(), config.port());
        if (!f.await(config.connectTimeout().toMillis() + 1000) || !f.isSuccess()) {
            f.channel().close();
            Throwable cause = f.cause();
            String why = cause == null ? "timed out" : IoErrors.describe(cause);
            throw new ProbeException(ProbeException.Kind.CONNECT,
                    "cannot connect to " + config.host() + ":" + config.port() + ": " + why);
        }
        Channel ch = f.channel();
        return new ClientConnection(ch);
    }

    private ControlFrame await(Future<ControlFrame> f, String what) throws InterruptedException {
        return awaitUntil(f, System.nanoTime() + config.timeout().toNanos(), what);
    }

    private <T> T awaitUntil(Future<T> f, long deadlineNanos) throws InterruptedException {
        return awaitUntil(f, deadlineNanos, "RESULT");
    }

    private <T> T awaitUntil(Future<T> f, long deadlineNanos, String what) throws InterruptedException {
        if (!f.await(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            throw new ProbeException(ProbeException.Kind.TIMEOUT, "no " + what + " from server within "
                    + Duration.ofNanos(config.timeout().toNanos()).toSeconds() + " s (network timeout)");
        }
        if (!f.isSuccess()) {
            Throwable cause = f.cause();
            throw cause instanceof ProbeException ? (ProbeException) cause
                    : new ProbeException(ProbeException.Kind.LOST, String.valueOf(cause.getMessage()));
        }
        return f.getNow();
    }

    /** One direct buffer with header and random payload (oratcptest's RANDOM content), shared by all sends. */
    private static ByteBuf messageTemplate(long length) {
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer((int) (Frames.HEADER_LENGTH + length));
        Frames.writeHeader(buf, dev.probe.core.protocol.FrameType.DATA, length);
        byte[] chunk = new byte[64 * 1024];
        ThreadLocalRandom.current().nextBytes(chunk);
        for (long left = length; left > 0; left -= chunk.length) {
            buf.writeBytes(chunk, 0, (int) Math.min(chunk.length, left));
        }
        return buf;
    }
}
