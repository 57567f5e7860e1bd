package dev.probe.core.server;

import dev.probe.core.tcp.SavedSyn;
import io.netty.channel.Channel;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * The probe port: accepts connections, runs the control phase and hands each session's connections to the
 * data handlers of its {@link SessionKind}. Threads come from the {@link ServerThreads} it is given.
 *
 * <pre>{@code
 * ProbeListener l = ProbeListener.bind(config, log, threads, kinds, version);
 * InetSocketAddress bound = l.address();   // the real port when config.port() == 0
 * }</pre>
 */
public final class ProbeListener implements AutoCloseable {
    private final Channel channel;
    private final SessionRegistry sessions;
    private final ServerContext context;
    private final ServerInitializer initializer;

    private ProbeListener(Channel channel, SessionRegistry sessions, ServerContext context,
                          ServerInitializer initializer) {
        this.channel = channel;
        this.sessions = sessions;
        this.context = context;
        this.initializer = initializer;
    }

    /** Binds {@code config}'s address; throws if it cannot be bound. */
    public static ProbeListener bind(ServerConfig config, ServerLog log, ServerThreads threads,
                                     List<SessionKind<?>> kinds,
                                     String version) throws InterruptedException {
        SessionRegistry sessions = new SessionRegistry(threads.timer(), config, log);
        ServerContext context = new ServerContext(config, log, sessions, threads.diskThreads(), version, kinds);
        ServerInitializer initializer = new ServerInitializer(context);
        Channel channel = threads.bind(initializer, config.bind(), config.port());
        SavedSyn.enable(channel); // READY then says which TOS the client's SYN arrived with (re-marking shows)
        return new ProbeListener(channel, sessions, context, initializer);
    }

    /** The address actually bound (with the real port). */
    public InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    /** Number of sessions open now. */
    public int sessionCount() {
        return sessions.size();
    }

    /** Connections open now, handshaking ones included. */
    public int connectionCount() {
        return initializer.openConnections();
    }

    /** Failed authentications since start. */
    public long authFailures() {
        return context.authFailures();
    }

    /** Connections that failed before proving themselves (reset, garbage, silence), since start. */
    public long strangerFailures() {
        return context.strangers().total();
    }

    /** Blocks until the listener closes. */
    public void awaitClose() throws InterruptedException {
        channel.closeFuture().sync();
    }

    /** Stops listening and closes every session's connections. */
    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        sessions.closeAll();
    }
}
