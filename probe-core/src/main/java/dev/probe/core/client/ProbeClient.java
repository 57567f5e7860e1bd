package dev.probe.core.client;

import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Messages;
import dev.probe.core.protocol.Messages.Hello;
import dev.probe.core.protocol.Messages.Ready;
import dev.probe.core.protocol.Messages.Result;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.Summary;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.tls.Tls;
import dev.probe.core.transport.Transports;
import dev.probe.core.units.Rates;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
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
        Connector connector = new Connector(config.host(), config.port(), config.connectTimeout(), config.timeout(),
                params.sockbuf(), params.length(), config.security());
        ByteBuf message = messageTemplate(params.length());
        List<ClientConnection> connections = List.of();
        try {
            Connector.Opened opened = connector.open(group,
                    new Hello(Frames.VERSION, Messages.randomId(), params), params.numConn());
            connections = opened.connections();
            int sndbuf = connections.get(0).channel.config().getOption(ChannelOption.SO_SNDBUF);
            listener.onReady(opened.ready(), sndbuf);
            return measure(connector, connections, message, opened.ready(), sndbuf, listener);
        } finally {
            connections.forEach(c -> c.channel.close());
            message.release();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private TestResult measure(Connector connector, List<ClientConnection> connections, ByteBuf message, Ready ready,
                               int sndbuf, RunListener listener) throws InterruptedException {
        TestParams params = config.params();
        RunMetrics metrics = new RunMetrics();
        List<Sender> senders = new ArrayList<>();
        for (ClientConnection c : connections) {
            SendCounters counters = new SendCounters();
            senders.add(params.mode() == Mode.SYNC
                    ? new SyncSender(c.channel, c.handler, message, counters, params, metrics)
                    : new AsyncSender(c.channel, c.handler, message, counters, params));
        }
        IntervalCollector collector = new IntervalCollector(listener);
        IntervalReporter reporter = new IntervalReporter(senders, metrics, params, collector, config.timeout());
        Instant startedAt = Instant.now();
        long t0 = System.nanoTime();
        reporter.start(t0);
        for (Sender s : senders) {
            s.handler().start(s, t0);
        }
        long deadline = t0 + params.totalDuration().plus(config.timeout()).toNanos();
        List<Result> results;
        try {
            results = connector.awaitAll(connections.stream().map(c -> c.handler.outcome()).toList(), deadline);
        } finally {
            senders.forEach(s -> s.channel().eventLoop().execute(s::stop));
        }
        TcpInfo finalTcp = reporter.readTcp();
        long end = senders.stream().mapToLong(s -> s.counters().finishedNanos()).max().orElse(System.nanoTime());
        IntervalReporter.Baseline base = reporter.stop(end);
        checkCounts(senders, results);
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
                Transports.name(), ready.server(), Tls.session(connections.get(0).channel), summary, collector.samples());
        listener.onFinished(result);
        return result;
    }

    /** TCP guarantees the server saw every byte sent; anything else is a fault worth failing the run for. */
    private static void checkCounts(List<Sender> senders, List<Result> results) {
        for (int i = 0; i < results.size(); i++) {
            long sent = senders.get(i).counters().bytes();
            long got = results.get(i).bytesReceived();
            if (sent != got) {
                throw new ProbeException(ProbeException.Kind.INTEGRITY, "connection " + i + ": client sent " + sent
                        + " payload bytes but the server counted " + got);
            }
        }
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
