package dev.probe.core.redo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.ClientConnection;
import dev.probe.core.client.ClientRun;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Content;
import dev.probe.core.protocol.Ending;
import dev.probe.core.protocol.Ending.Result;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.result.ConnectionPath;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.Summary;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import dev.probe.core.tcp.HostSettings;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.tls.Tls;
import dev.probe.core.units.CpuTime;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs one sync or async test against a probe server, iperf3-style: HELLO / READY on the first connection,
 * JOIN for the others, the data phase, then END / RESULT on each connection so the receiver's counts are known.
 *
 * <pre>{@code
 * TestResult r = new RedoClient(RedoConfig.of("standby-host", 5555, params)).run(listener);
 * }</pre>
 */
public final class RedoClient {
    private static final Path PROC_SYS = Path.of("/proc/sys");
    private final RedoConfig config;

    public RedoClient(RedoConfig config) {
        this.config = config;
    }

    /** Runs the test; throws {@link ProbeException} with a one-line reason when it cannot. */
    public TestResult run(RunListener listener) throws InterruptedException {
        return run(listener, new RunStop());
    }

    /**
     * Runs the test, ending it early when {@code stop} is requested (the result then says it is incomplete and why).
     * When the data phase fails (the server died, the connection was lost) the listener still gets the result of
     * what was measured, marked incomplete, before the {@link ProbeException}.
     */
    public TestResult run(RunListener listener, RunStop stop) throws InterruptedException {
        TestParams params = config.params();
        try (Content content = Content.of(params.payload(), Content.newSalt(), 0)) {
            return ClientRun.run(config.target(), config.opening(), params.length(), "probe-client", session -> {
                ObjectNode content0 = session.ready().content();
                if (params.reverse() && (content0 == null || !"server".equals(content0.path("sender").asText()))) {
                    throw new ProbeException(ProbeException.Kind.REFUSED, "the server at " + config.target().host()
                            + " does not send (--reverse needs a probe server of this release or later)");
                }
                int sndbuf = session.connections().get(0).channel().config().getOption(ChannelOption.SO_SNDBUF);
                listener.onReady(session.ready(), sndbuf);
                return measure(session, content, sndbuf, listener, stop);
            });
        }
    }

    private TestResult measure(ClientRun.Session session, Content content, int sndbuf, RunListener listener,
                               RunStop stop) throws InterruptedException {
        TestParams params = config.params();
        Target target = config.target();
        RunMetrics metrics = new RunMetrics();
        List<Sender> senders = senders(session, content, metrics, stop, listener);
        IntervalCollector collector = new IntervalCollector(listener);
        IntervalReporter reporter = new IntervalReporter(senders, metrics, params, collector, target.timeout());
        Instant startedAt = Instant.now();
        long t0 = System.nanoTime();
        reporter.start(t0);
        senders.forEach(s -> s.handler().start(s, t0));
        stop.onRequest(() -> senders.forEach(s -> s.channel().eventLoop().execute(s::endNow)));
        long deadline = t0 + params.totalDuration().plus(target.timeout()).toNanos();
        Awaited awaited = awaitResults(session, senders, deadline);
        List<Result> results = awaited.results();
        ProbeException failure = awaited.failure();
        TcpInfo finalTcp = reporter.readTcp();
        Channel first = session.connections().get(0).channel();
        long end = lastFinished(senders);
        IntervalReporter.Baseline base = reporter.stop(end);
        if (failure == null) {
            failure = countProblem(senders, results, params.reverse());
        }
        Summary.Flow flow = flow(reporter.sumBytes() - base.bytes(), end - base.nanos(),
                reporter.sumMessages() - base.messages(), results, failure != null, params.reverse());
        // reversed, this end received: the sender's TCP facts (RTT, retransmits, what limited it) are the server's
        TcpStats tcp = params.reverse() ? senderTcp(results)
                : finalTcp == null ? null : TcpStats.between(base.tcp(), finalTcp, reporter.congestion());
        Ready ready = session.ready();
        int interfaceMtu = HostSettings.interfaceMtu(first);
        Summary summary = Summary.of(flow, LatencyStats.of(metrics.summaryLatency()),
                LatencyStats.of(metrics.summaryDisk()), tcp, params.openLoop(),
                new Summary.Buffers(sndbuf, sndbufNow(first, sndbuf), ready.rcvbuf(), interfaceMtu),
                base.cpu().until(CpuTime.now()), ClientRun.serverCpu(results))
                .withConnections(paths(params, senders));
        TestResult result = new TestResult(params.mode().wireName(), startedAt, target.host(), target.port(), params,
                target.transport().name(), ready.server(), Tls.session(first),
                summary, collector.samples(), failure != null ? failure.getMessage() : stop.reason(),
                target.route().toJson(ready.synTos()), HostSettings.read(PROC_SYS, interfaceMtu), ready.host(),
                session.clock());
        listener.onFinished(result);
        if (failure != null) {
            throw failure;
        }
        return result;
    }

    /** When the last sender finished; a sender that never did (the run failed) counts until now. */
    private static long lastFinished(List<Sender> senders) {
        long now = System.nanoTime();
        return senders.stream().mapToLong(s -> s.counters().finishedNanos() < 0 ? now : s.counters().finishedNanos())
                .max().orElse(now);
    }

    /** Each connection's path as its socket saw it; none reversed, where this end only received. */
    private static List<ConnectionPath> paths(TestParams params, List<Sender> senders) {
        return params.reverse() ? List.of() : ConnectionPath.read(senders.stream().map(Sender::channel).toList());
    }

    /** A reverse test's sender's TCP_INFO since its warm-up, added up over the server's RESULTs; null without. */
    private static TcpStats senderTcp(List<Result> results) {
        TcpInfo sum = Ending.serverTcp(results);
        return sum == null ? null : TcpStats.between(null, sum, results.stream().map(Result::serverCongestion)
                .filter(Objects::nonNull).findFirst().orElse(null));
    }

    /** The server's RESULTs, or none and why. */
    private record Awaited(List<Result> results, ProbeException failure) {
    }

    /** Waits for the server's RESULTs until {@code deadline}; the senders are stopped either way. */
    private static Awaited awaitResults(ClientRun.Session session, List<Sender> senders, long deadline)
            throws InterruptedException {
        try {
            return new Awaited(session.awaitResults(deadline), null);
        } catch (ProbeException e) {
            return new Awaited(List.of(), e);
        } finally {
            senders.forEach(s -> s.channel().eventLoop().execute(s::stop));
        }
    }

    /** One sender per connection (or a receiver, in a reverse test); a relay's frames go to {@code listener}. */
    private List<Sender> senders(ClientRun.Session session, Content content, RunMetrics metrics, RunStop stop,
                                 RunListener listener) {
        TestParams params = config.params();
        List<Sender> senders = new ArrayList<>();
        for (int i = 0; i < session.connections().size(); i++) {
            ClientConnection c = session.connections().get(i);
            SendCounters counters = new SendCounters(stop);
            senders.add(params.reverse() ? new Receiver(c.channel(), c.handler(), i, counters, params)
                    : params.mode() == Mode.SYNC
                            ? new SyncSender(c.channel(), c.handler(), content, i, counters, params, metrics)
                            : new AsyncSender(c.channel(), c.handler(), content, i, counters, params));
        }
        senders.forEach(s -> s.hearRelayed(listener::onRelayed));
        return senders;
    }

    /**
     * What moved: this end's counts and the server's RESULTs (-1 received when they never came back); in a reverse
     * test this end received, so the two swap.
     */
    private static Summary.Flow flow(long here, long hereNanos, long messages, List<Result> results, boolean failed,
                                     boolean reverse) {
        long there = failed && results.isEmpty() ? -1 : results.stream().mapToLong(Result::measuredBytes).sum();
        long thereNanos = results.stream().mapToLong(Result::measuredNanos).max().orElse(0);
        return reverse ? new Summary.Flow(Math.max(0, there), thereNanos, here, hereNanos, messages)
                : new Summary.Flow(here, hereNanos, there, thereNanos, messages);
    }

    /** TCP guarantees the server saw every byte sent; anything else is a fault worth failing the run for. */
    private static ProbeException countProblem(List<Sender> senders, List<Result> results, boolean reverse) {
        for (int i = 0; i < results.size(); i++) {
            long here = senders.get(i).counters().bytes();
            long there = results.get(i).bytesReceived();
            if (here != there) {
                return new ProbeException(ProbeException.Kind.INTEGRITY, "connection " + i + (reverse
                        ? ": the server sent " + there + " payload bytes but the client counted " + here
                        : ": client sent " + here + " payload bytes but the server counted " + there));
            }
        }
        return null;
    }

    /** SO_SNDBUF now: on Linux the size autotuning grew it to (what the stream used), else {@code fallback}. */
    private static int sndbufNow(Channel ch, int fallback) {
        try {
            return ch.isOpen() ? ch.config().getOption(ChannelOption.SO_SNDBUF) : fallback;
        } catch (RuntimeException e) {
            return fallback; // closed meanwhile
        }
    }
}
