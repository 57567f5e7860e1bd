package dev.probe.core.server;

import dev.probe.core.objstore.ObjectStore;
import dev.probe.core.objstore.ObjectStoreConfig;
import dev.probe.core.objstore.ObjectStoreInitializer;
import dev.probe.core.objstore.SignatureVerifier;
import dev.probe.core.transport.Transports;
import java.io.IOException;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutorGroup;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The probe server: serves many tests from many clients at once.
 *
 * <pre>{@code
 * try (ProbeServer server = ProbeServer.start(config, ServerLog.to(System.out))) {
 *     InetSocketAddress bound = server.address();   // real port when config.port() == 0
 *     server.awaitClose();
 * }
 * }</pre>
 */
public final class ProbeServer implements AutoCloseable {
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final EventExecutorGroup diskThreads;
    private final ScheduledExecutorService timer;
    private final SessionRegistry sessions;
    private final Channel listener;
    private final Channel objectStoreListener;
    private final ServerContext context;
    private final ServerInitializer initializer;

    private ProbeServer(ServerConfig config, ServerLog log, String version) throws InterruptedException, IOException {
        boss = Transports.group(1, "probe-accept");
        workers = Transports.group(0, "probe-io");
        diskThreads = new DefaultEventExecutorGroup(Math.max(2, Runtime.getRuntime().availableProcessors()),
                new DefaultThreadFactory("probe-disk", true));
        timer = Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("probe-timer", true));
        sessions = new SessionRegistry(timer, config, log);
        context = new ServerContext(config, log, sessions, diskThreads, version);
        initializer = new ServerInitializer(context);
        try {
            listener = new ServerBootstrap()
                    .group(boss, workers)
                    .channel(Transports.serverChannel())
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(initializer)
                    .bind(config.bind(), config.port()).sync().channel();
            objectStoreListener = config.objectStore() == null ? null : bindObjectStore(config, log);
        } catch (RuntimeException | InterruptedException e) {
            shutdown();
            throw e;
        }
    }

    /** Binds and starts serving; throws if the address cannot be bound. */
    public static ProbeServer start(ServerConfig config, ServerLog log) throws InterruptedException, IOException {
        return new ProbeServer(config, log, version());
    }

    /** The address actually bound (with the real port). */
    public InetSocketAddress address() {
        return (InetSocketAddress) listener.localAddress();
    }

    /** Number of sessions open now. */
    public int sessionCount() {
        return sessions.size();
    }

    private Channel bindObjectStore(ServerConfig config, ServerLog log) throws InterruptedException, IOException {
        ObjectStoreConfig os = config.objectStore();
        ObjectStore store = new ObjectStore(os.namespace(), os.blobs());
        os.buckets().forEach(b -> store.createBucket(os.namespace(), b, "ocid1.compartment.probe"));
        SignatureVerifier verifier = os.authorizedKeys() == null ? null : new SignatureVerifier(os.authorizedKeys());
        try {
            return new ServerBootstrap()
                    .group(boss, workers)
                    .channel(Transports.serverChannel())
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ObjectStoreInitializer(store, verifier, config.security().tls(),
                            config.idleTimeout(), diskThreads, log))
                    .bind(config.bind(), os.port()).sync().channel();
        } catch (RuntimeException e) {
            listener.close();
            throw e;
        }
    }

    /** The Object Storage endpoint's address, or null when it is off. */
    public InetSocketAddress objectStoreAddress() {
        return objectStoreListener == null ? null : (InetSocketAddress) objectStoreListener.localAddress();
    }

    /** Connections open now, handshaking ones included. */
    public int connectionCount() {
        return initializer.openConnections();
    }

    /** Failed authentications since start. */
    public long authFailures() {
        return context.authFailures();
    }

    /** Blocks until the listener closes. */
    public void awaitClose() throws InterruptedException {
        listener.closeFuture().sync();
    }

    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        if (objectStoreListener != null) {
            objectStoreListener.close().syncUninterruptibly();
        }
        sessions.closeAll();
        shutdown();
    }

    private void shutdown() {
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        diskThreads.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        timer.shutdownNow();
    }

    /** This build's version string, as sent in READY. */
    public static String version() {
        String v = ProbeServer.class.getPackage().getImplementationVersion();
        return "probe " + (v == null ? "dev" : v) + " (" + Transports.name() + ")";
    }
}
