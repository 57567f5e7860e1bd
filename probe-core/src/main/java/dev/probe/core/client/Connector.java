package dev.probe.core.client;

import dev.probe.core.params.SessionSpec;
import dev.probe.core.protocol.Auth;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Handshake.AuthAnswer;
import dev.probe.core.protocol.Handshake.Challenge;
import dev.probe.core.protocol.Handshake.Hello;
import dev.probe.core.protocol.Handshake.Join;
import dev.probe.core.protocol.Handshake.Joined;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.result.ClockOffset;
import dev.probe.core.transport.IoErrors;
import dev.probe.core.transport.RegionSizes;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.util.concurrent.Future;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Opens a run's connections the iperf3 way: TCP connects with probe's socket options, HELLO / READY on the
 * first, JOIN / JOINED on each further one. Every wait has a deadline; every failure is a {@link ProbeException}.
 */
final class Connector {
    /** The server's READY and the joined connections, first one first. */
    record Opened(Ready ready, List<ClientConnection> connections, ClockOffset clock) {
    }

    private final Target target;
    private final long sockbuf;
    private final long frameLength;
    /** When the last timed request left and its answer came (the first connection's: the clock's offset). */
    private volatile long sentUs;
    private volatile long receivedUs;

    /** Connections that join a session at once (each a connect and a JOIN exchange on a thread of its own). */
    static final int JOINS_AT_ONCE = 16;

    /** {@code frameLength} is the largest frame the run writes, to size the write buffer's water marks. */
    Connector(Target target, long sockbuf, long frameLength) {
        this.target = target;
        this.sockbuf = sockbuf;
        this.frameLength = frameLength;
    }

    /** Connects {@code spec.connections()} connections into one session; closes what it opened when it fails. */
    Opened open(EventLoopGroup group, SessionSpec spec) throws InterruptedException {
        Hello hello = new Hello(Frames.VERSION, Handshake.randomId(), spec.kind(), spec.toJson());
        int count = spec.connections();
        Bootstrap bootstrap = bootstrap(group);
        List<ClientConnection> connections = new ArrayList<>();
        try {
            ClientConnection first = connect(bootstrap);
            connections.add(first);
            Ready ready = Ready.from(exchange(first, hello.frame(), hello.clientNonce(), "READY").body());
            ClockOffset clock = ClockOffset.plausible(ready.timeUs()) ? ClockOffset.of(ready.timeUs(), sentUs,
                    receivedUs) : null;
            connections.addAll(joinAll(bootstrap, ready.sessionId(), count));
            return new Opened(ready, connections, clock);
        } catch (BadParameterException e) {
            connections.forEach(c -> c.channel.close());
            throw new ProbeException(ProbeException.Kind.PROTOCOL, "bad reply from server: " + e.getMessage());
        } catch (RuntimeException | InterruptedException e) {
            connections.forEach(c -> c.channel.close());
            throw e;
        }
    }

    /**
     * Connections 1 to {@code count - 1} joined to {@code session}, in index order, {@link #JOINS_AT_ONCE} joining at
     * a time: one after another, 255 joins took over the server's 10 s window on a loaded CI host, and would over a
     * 40 ms WAN (each a connect and a JOIN round trip, a third with a secret). On a failure, closes what it opened
     * and throws the first (by index).
     */
    private List<ClientConnection> joinAll(Bootstrap bootstrap, String session, int count)
            throws InterruptedException {
        ClientConnection[] joined = new ClientConnection[count];
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(JOINS_AT_ONCE, count - 1)), r -> {
            Thread t = new Thread(r, "probe-join");
            t.setDaemon(true);
            return t;
        });
        try {
            // java.util.concurrent's Future: Netty's, imported, shares the name
            List<java.util.concurrent.Future<?>> joins = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int index = i;
                joins.add(pool.submit(() -> {
                    ClientConnection c = connect(bootstrap);
                    joined[index] = c;
                    String nonce = Handshake.randomId();
                    Joined.from(exchange(c, new Join(session, index, nonce).frame(), nonce, "JOINED").body());
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : joins) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : new ProbeException(
                            ProbeException.Kind.PROTOCOL, String.valueOf(e.getCause()));
                }
            }
            return Arrays.asList(joined).subList(1, count);
        } catch (RuntimeException | InterruptedException e) {
            pool.shutdownNow();
            pool.awaitTermination(target.timeout().toMillis(), TimeUnit.MILLISECONDS);
            Arrays.stream(joined).filter(Objects::nonNull).forEach(c -> c.channel.close());
            throw e;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Sends HELLO or JOIN and returns the server's answer; when the server challenges, answers with the shared
     * secret's MAC and checks the server's proof in the answer (mutual authentication).
     */
    private ControlFrame exchange(ClientConnection c, ControlFrame request, String clientNonce, String what)
            throws InterruptedException {
        ControlFrame reply;
        try {
            reply = timed(c, request, what);
        } catch (ProbeException e) {
            if (e.kind() != ProbeException.Kind.TIMEOUT) {
                throw e;
            }
            throw new ProbeException(e.kind(), e.getMessage() + ": " + target.hostPort()
                    + " took the connection but sent nothing back; is 'probe server' listening there? (an HTTP "
                    + "server or a proxy waits like this)");
        }
        Auth auth = target.security().auth();
        if (reply.type() != FrameType.CHALLENGE) {
            if (auth != null) {
                throw new ProbeException(ProbeException.Kind.AUTH, "authentication failed: the server did not ask for "
                        + "the shared secret (is it started with --secret-file?)");
            }
            return reply;
        }
        if (auth == null) {
            throw new ProbeException(ProbeException.Kind.AUTH, "authentication failed: the server requires a shared "
                    + "secret (--secret-file or PROBE_SECRET)");
        }
        String serverNonce = Challenge.from(reply.body()).serverNonce();
        String mac = auth.mac("client", request, clientNonce, serverNonce);
        reply = timed(c, new AuthAnswer(mac).frame(), what);
        String proof = reply.body().path("server_proof").asText(null);
        if (!Auth.same(auth.mac("server", request, clientNonce, serverNonce), proof)) {
            throw new ProbeException(ProbeException.Kind.AUTH, "authentication failed: the server did not prove it "
                    + "knows the shared secret");
        }
        return reply;
    }

    /** Sends {@code request} and waits for the answer, noting when it left and came back (the clock's offset). */
    private ControlFrame timed(ClientConnection c, ControlFrame request, String what) throws InterruptedException {
        sentUs = ClockOffset.nowMicros();
        ControlFrame reply = await(c.handler.request(request), deadline(), what);
        receivedUs = ClockOffset.nowMicros();
        return reply;
    }

    private long deadline() {
        return System.nanoTime() + target.timeout().toNanos();
    }

    private Bootstrap bootstrap(EventLoopGroup group) {
        int high = (int) Math.max(4L * 1024 * 1024, 2 * (frameLength + Frames.HEADER_LENGTH));
        Bootstrap b = new Bootstrap()
                .group(group)
                .channel(target.transport().channel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) target.connectTimeout().toMillis())
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(high / 2, high))
                .option(ChannelOption.MESSAGE_SIZE_ESTIMATOR, RegionSizes.INSTANCE)
                .handler(new ClientInitializer(target.security().tls(), target.host(), target.port()));
        target.transport().keepAlive(b);
        if (sockbuf > 0) {
            b.option(ChannelOption.SO_SNDBUF, (int) sockbuf).option(ChannelOption.SO_RCVBUF, (int) sockbuf);
        }
        if (target.route().bind() != null) {
            b.localAddress(new InetSocketAddress(target.route().bind(), 0));
        }
        if (target.route().mss() > 0) {
            target.transport().maxSegment(b, target.route().mss());
            b.option(ChannelOption.SO_LINGER, 0); // a probe's stuck connection closes with a reset
        }
        if (target.route().tos() >= 0) {
            b.option(ChannelOption.IP_TOS, target.route().tos()); // set before connect: the SYN carries it too
        }
        return b;
    }

    private ClientConnection connect(Bootstrap bootstrap) throws InterruptedException {
        ChannelFuture f = bootstrap.connect(target.host(), target.port());
        if (!f.await(target.connectTimeout().toMillis() + 1000) || !f.isSuccess()) {
            f.channel().close();
            Throwable cause = f.cause();
            String why = cause == null ? "timed out" : IoErrors.describe(cause);
            throw new ProbeException(ProbeException.Kind.CONNECT, "cannot connect to " + target.host() + ":"
                    + target.port() + ": " + why);
        }
        return new ClientConnection(f.channel());
    }

    /** Waits for {@code f} until {@code deadlineNanos}; a failure or a timeout becomes a ProbeException. */
    <T> T await(Future<T> f, long deadlineNanos, String what) throws InterruptedException {
        if (!f.await(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            throw new ProbeException(ProbeException.Kind.TIMEOUT, "no " + what + " from server within "
                    + target.timeout().toSeconds() + " s (network timeout)");
        }
        if (!f.isSuccess()) {
            Throwable cause = f.cause();
            throw cause instanceof ProbeException ? (ProbeException) cause
                    : new ProbeException(ProbeException.Kind.LOST, String.valueOf(cause.getMessage()));
        }
        return f.getNow();
    }

    /** Waits for every connection's outcome until {@code deadlineNanos}. */
    <T> List<T> awaitAll(List<? extends Future<T>> outcomes, long deadlineNanos) throws InterruptedException {
        List<T> results = new ArrayList<>();
        for (Future<T> f : outcomes) {
            results.add(await(f, deadlineNanos, "RESULT"));
        }
        return results;
    }
}
