package dev.probe.core.server;

import dev.probe.core.params.SessionSpec;
import io.netty.util.concurrent.EventExecutorGroup;
import java.net.SocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** What the server's per-connection handlers share: configuration, log, sessions, session kinds, disk threads. */
final class ServerContext {
    private final ServerConfig config;
    private final ServerLog log;
    private final SessionRegistry sessions;
    private final EventExecutorGroup diskThreads;
    private final DiskBacklog diskBacklog = new DiskBacklog();
    private final String version;
    private final Map<String, SessionKind<?>> kinds = new LinkedHashMap<>();
    private final AtomicLong authFailures = new AtomicLong();
    private final AuthBackoff authBackoff = new AuthBackoff();
    private final LogThrottle authLog;
    private final PeerFailures strangers;
    private final ConnectionLimit connections;
    private final String owner;

    ServerContext(ServerConfig config, ServerLog log, SessionRegistry sessions, EventExecutorGroup diskThreads,
                  String version, List<SessionKind<?>> kinds) {
        this.config = config;
        this.log = log;
        this.sessions = sessions;
        this.diskThreads = diskThreads;
        this.version = version;
        this.authLog = new LogThrottle(log);
        this.strangers = new PeerFailures(log);
        this.connections = new ConnectionLimit(config.limits(), log);
        kinds.forEach(k -> this.kinds.put(k.name(), k));
        this.owner = kinds.stream().map(SessionKind::owner).distinct().count() == 1 ? kinds.get(0).owner() : "server";
    }

    /** "server", or "agent" for a process whose kinds are all an agent's (its runs and relays): how refusals name it. */
    String owner() {
        return owner;
    }

    ServerConfig config() {
        return config;
    }

    ServerLog log() {
        return log;
    }

    SessionRegistry sessions() {
        return sessions;
    }

    EventExecutorGroup diskThreads() {
        return diskThreads;
    }

    /** What all connections' disk queues hold together, bounded. */
    DiskBacklog diskBacklog() {
        return diskBacklog;
    }

    String version() {
        return version;
    }

    /** The session kind HELLO names, or null when this server runs none of that name. */
    SessionKind<?> kind(String name) {
        return kinds.get(name);
    }

    /** Counts a failed authentication; returns the count since start. */
    long authFailed() {
        return authFailures.incrementAndGet();
    }

    long authFailures() {
        return authFailures.get();
    }

    /** Failed authentications' log lines, at most one a second. */
    LogThrottle authLog() {
        return authLog;
    }

    /** Failures of connections that proved nothing, counted per address rather than logged each. */
    PeerFailures strangers() {
        return strangers;
    }

    /** The port's connection caps, shared by all its connections. */
    ConnectionLimit connections() {
        return connections;
    }

    /** How long to hold the refusal of a failed authentication from {@code from}. */
    long authBackoffMillis(SocketAddress from) {
        return authBackoff.failed(from);
    }

    /** Which server limit {@code spec} would break, as the reason to give the client, or null. */
    String limitFor(SessionSpec spec) {
        ServerLimits limits = config.limits();
        if (spec.expectedDuration().compareTo(config.maxDuration()) > 0) {
            return "test of " + spec.expectedDuration().toSeconds() + " s exceeds this " + owner + "'s max-duration of "
                    + config.maxDuration().toSeconds() + " s";
        }
        if (spec.connections() > limits.maxConnectionsPerSession()) {
            return spec.connections() + " connections exceed this " + owner + "'s max-conn-per-session of "
                    + limits.maxConnectionsPerSession();
        }
        if (sessions.size() >= limits.maxSessions()) {
            return owner + " is running " + sessions.size() + " tests (max-sessions " + limits.maxSessions() + ")";
        }
        return null;
    }
}
