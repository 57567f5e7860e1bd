package dev.probe.core.app;

import dev.probe.core.agent.AgentConfig;
import dev.probe.core.agent.AgentKind;
import dev.probe.core.bulk.BulkKind;
import dev.probe.core.disk.DiskKind;
import dev.probe.core.nfs.NfsKind;
import dev.probe.core.objstore.endpoint.EndpointConfig;
import dev.probe.core.objstore.endpoint.ObjectStoreEndpoint;
import dev.probe.core.redo.RedoKind;
import dev.probe.core.relay.RelayKind;
import dev.probe.core.server.ProbeListener;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.ServerLog;
import dev.probe.core.server.ServerThreads;
import dev.probe.core.server.SpaceBudget;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The probe server as {@code probe server} runs it: the probe port serving redo-style tests ("test") and bulk
 * runs ("bulk"), plus the OCI-compatible Object Storage endpoint when one is configured, on one set of threads.
 * This is where the features are wired to the server infrastructure.
 *
 * <pre>{@code
 * try (ProbeServer server = ProbeServer.start(config, ServerLog.to(System.out))) {
 *     InetSocketAddress bound = server.address();   // real port when config.port() == 0
 *     server.awaitClose();
 * }
 * }</pre>
 */
public final class ProbeServer implements AutoCloseable {
    private final ServerThreads threads;
    private final ProbeListener listener;
    private final ObjectStoreEndpoint endpoint;
    private final RedoKind redo;
    private final AtomicBoolean open = new AtomicBoolean(true);

    private ProbeServer(ServerThreads threads, ProbeListener listener, ObjectStoreEndpoint endpoint, RedoKind redo) {
        this.threads = threads;
        this.listener = listener;
        this.endpoint = endpoint;
        this.redo = redo;
    }

    /** Binds the probe port and starts serving; throws if the address cannot be bound. */
    public static ProbeServer start(ServerConfig config, ServerLog log) throws InterruptedException, IOException {
        return start(config, null, log);
    }

    /** Also binds the Object Storage endpoint of {@code objectStore} (null: none). */
    public static ProbeServer start(ServerConfig config, EndpointConfig objectStore, ServerLog log)
            throws InterruptedException, IOException {
        ServerThreads threads = new ServerThreads(config.transport());
        ProbeListener listener = null;
        try {
            SpaceBudget space = config.dir() == null ? null : SpaceBudget.of(config.dir(), config.limits().maxDir());
            RedoKind redo = new RedoKind(config);
            listener = ProbeListener.bind(config, log, threads,
                    List.of(redo, new BulkKind(config, space), new DiskKind(config.dir(), space),
                            new NfsKind(config.nfsAllow(), config.limits().maxDir())), version(config));
            ObjectStoreEndpoint endpoint = objectStore == null ? null
                    : ObjectStoreEndpoint.bind(objectStore, config, space, threads, log);
            return new ProbeServer(threads, listener, endpoint, redo);
        } catch (RuntimeException | InterruptedException | IOException e) {
            if (listener != null) {
                listener.close();
            }
            threads.close();
            throw e;
        }
    }

    /**
     * An agent (issue 15): the probe port's handshake, security and limits, with the session kinds "agent", whose
     * runs reach the servers a coordinator names as {@code agent} says, and "relay", a test received here and
     * forwarded to servers {@code agent} allows (a Far Sync's or cascading standby's part in a plan); its forced writes
     * go to rings at {@code config}'s file (probe agent: its --file, by default of this process's own in the temp
     * directory).
     */
    public static ProbeServer startAgent(ServerConfig config, AgentConfig agent, ServerLog log)
            throws InterruptedException {
        ServerThreads threads = new ServerThreads(config.transport());
        RedoKind redo = new RedoKind(config);
        try {
            return new ProbeServer(threads, ProbeListener.bind(config, log, threads, List.of(new AgentKind(agent),
                    new RelayKind(agent, redo)), version(config)), null, redo);
        } catch (RuntimeException | InterruptedException e) {
            threads.close();
            redo.close();
            throw e;
        }
    }

    /** The address actually bound (with the real port). */
    public InetSocketAddress address() {
        return listener.address();
    }

    /** The Object Storage endpoint's address, or null when it is off. */
    public InetSocketAddress objectStoreAddress() {
        return endpoint == null ? null : endpoint.address();
    }

    /** Number of sessions open now. */
    public int sessionCount() {
        return listener.sessionCount();
    }

    /** Connections open now, handshaking ones included. */
    public int connectionCount() {
        return listener.connectionCount();
    }

    /** Failed authentications since start. */
    public long authFailures() {
        return listener.authFailures();
    }

    /** Connections that failed before proving themselves (reset, garbage, silence), since start. */
    public long strangerFailures() {
        return listener.strangerFailures();
    }

    /** Blocks until the listener closes. */
    public void awaitClose() throws InterruptedException {
        listener.awaitClose();
    }

    @Override
    public void close() {
        if (!open.compareAndSet(true, false)) {
            return;
        }
        listener.close();
        if (endpoint != null) {
            endpoint.close();
        }
        threads.close();
        if (redo != null) {
            redo.close();
        }
    }

    /** This build's version string with the transport in use, as sent in READY. */
    public static String version(ServerConfig config) {
        String v = ProbeServer.class.getPackage().getImplementationVersion();
        return "probe " + (v == null ? "dev" : v) + " (" + config.transport().name() + ")";
    }
}
