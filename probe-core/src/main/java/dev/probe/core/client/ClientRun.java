package dev.probe.core.client;

import dev.probe.core.params.SessionSpec;
import dev.probe.core.protocol.Ending.Result;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.result.ClockOffset;
import dev.probe.core.transport.IoErrors;
import dev.probe.core.units.CpuUsage;
import io.netty.channel.ChannelException;
import io.netty.channel.EventLoopGroup;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The life of every client run: an event loop group sized to the connections, the session opened (HELLO /
 * READY on the first connection, JOIN / JOINED on the others), the feature's data phase, and everything
 * closed afterwards, also when the run fails.
 *
 * <pre>{@code
 * TestResult r = ClientRun.run(target, params, maxFrame, "probe-client", session -> measure(session));
 * }</pre>
 */
public final class ClientRun {
    /** The data phase of a run, given the open session. */
    @FunctionalInterface
    public interface DataPhase<R> {
        R run(Session session) throws InterruptedException;
    }

    /**
     * An open session: the server's READY and the joined connections, first one first; {@code clock} the server's
     * clock against this host's (null from a server that does not stamp READY).
     */
    public record Session(Target target, Ready ready, List<ClientConnection> connections, Connector connector,
            ClockOffset clock) {
        /** Waits for every connection's RESULT until {@code deadlineNanos}; a failure is a ProbeException. */
        public List<Result> awaitResults(long deadlineNanos) throws InterruptedException {
            return connector.awaitAll(connections.stream().map(c -> c.handler().outcome()).toList(), deadlineNanos);
        }
    }

    private ClientRun() {
    }

    /** The server process's CPU as the connection that ended last reported it (null from an older server). */
    public static CpuUsage serverCpu(List<Result> results) {
        return results.stream().map(Result::serverCpu).filter(Objects::nonNull)
                .max(Comparator.comparingDouble(CpuUsage::wallSeconds)).orElse(null);
    }

    /**
     * Opens {@code spec.connections()} connections to {@code target} as one session, runs {@code phase} and closes
     * them; {@code frameLength} is the largest frame the run writes (it sizes the write buffer's water marks).
     */
    public static <R> R run(Target target, SessionSpec spec, long frameLength, String threadName, DataPhase<R> phase)
            throws InterruptedException {
        EventLoopGroup group = target.transport().group(
                Math.min(spec.connections(), Runtime.getRuntime().availableProcessors()), threadName);
        Connector connector = new Connector(target, spec.sockbuf(), frameLength);
        List<ClientConnection> connections = List.of();
        try {
            Connector.Opened opened = connector.open(group, spec);
            connections = opened.connections();
            return phase.run(new Session(target, opened.ready(), connections, connector, opened.clock()));
        } catch (ChannelException e) {
            // a socket option read after the server closed the connection (between READY and the data phase)
            throw new ProbeException(ProbeException.Kind.LOST, "lost the connection to " + target.hostPort() + ": "
                    + IoErrors.describe(e.getCause() != null ? e.getCause() : e));
        } finally {
            connections.forEach(c -> c.channel().close());
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }
}
