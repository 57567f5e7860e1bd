package dev.probe.core.server;

import dev.probe.core.bulk.PieceContent;
import dev.probe.core.bulk.PieceReceiver;
import dev.probe.core.bulk.PieceSender;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import io.netty.channel.Channel;
import io.netty.util.concurrent.EventExecutorGroup;
import java.nio.file.Path;

/** What the server's per-connection handlers share: configuration, log, sessions, disk threads, piece store. */
final class ServerContext {
    private final ServerConfig config;
    private final ServerLog log;
    private final SessionRegistry sessions;
    private final EventExecutorGroup diskThreads;
    private final String version;
    private final PieceStore store;
    private final java.util.concurrent.atomic.AtomicLong authFailures = new java.util.concurrent.atomic.AtomicLong();

    ServerContext(ServerConfig config, ServerLog log, SessionRegistry sessions, EventExecutorGroup diskThreads,
                  String version) {
        this.config = config;
        this.log = log;
        this.sessions = sessions;
        this.diskThreads = diskThreads;
        this.version = version;
        this.store = config.dir() == null ? null : new PieceStore(config.dir());
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

    String version() {
        return version;
    }

    /** A disk writer for connection {@code index} of {@code session}, with its own file beside {@code --file}. */
    DiskWriter diskWriter(Channel channel, ReadGate gate, ServerSession session, int index) {
        Path base = config.file();
        Path file = base.resolveSibling(base.getFileName() + "." + session.shortId() + "." + index);
        return new DiskWriter(diskQueue(channel, gate), channel, gate, file, config.fileSize(),
                ((TestParams) session.spec()).mode() == Mode.SYNC);
    }

    /** Counts a failed authentication; returns the count since start. */
    long authFailed() {
        return authFailures.incrementAndGet();
    }

    long authFailures() {
        return authFailures.get();
    }

    /** Which server limit {@code spec} would break, as the reason to give the client, or null. */
    String limitFor(SessionSpec spec) {
        ServerLimits limits = config.limits();
        if (spec.expectedDuration().compareTo(config.maxDuration()) > 0) {
            return "test of " + spec.expectedDuration().toSeconds() + " s exceeds this server's max-duration of "
                    + config.maxDuration().toSeconds() + " s";
        }
        if (spec.connections() > limits.maxConnectionsPerSession()) {
            return spec.connections() + " connections exceed this server's max-conn-per-session of "
                    + limits.maxConnectionsPerSession();
        }
        if (sessions.size() >= limits.maxSessions()) {
            return "server is running " + sessions.size() + " tests (max-sessions " + limits.maxSessions() + ")";
        }
        return null;
    }

    /** The handler for connection {@code index} of a bulk session. */
    BulkServerHandler bulkHandler(Channel channel, ReadGate gate, ServerSession session, int index) {
        BulkParams params = (BulkParams) session.spec();
        long seed = PieceContent.seed(params.runId());
        boolean backup = params.direction() == Direction.BACKUP;
        PieceWriter writer = backup && store != null
                ? new PieceWriter(diskQueue(channel, gate), store, params.runId()) : null;
        return new BulkServerHandler(sessions, session, index, gate,
                new PieceReceiver(PieceContent.shared(), seed, params.verify(), index), writer, new PieceSender(channel),
                backup ? null : new RestoreSource(store, params.runId(), seed));
    }

    /** How a session's data is kept: "files" or "discard" for bulk runs, null for tests. */
    String storage(SessionSpec spec) {
        if (!(spec instanceof BulkParams)) {
            return null;
        }
        BulkParams b = (BulkParams) spec;
        if (b.direction() == Direction.BACKUP) {
            return store != null ? "files" : "discard";
        }
        return new RestoreSource(store, b.runId(), 0).storage();
    }

    /** A queue of disk work for one connection, on one of the disk threads. */
    DiskQueue diskQueue(Channel channel, ReadGate gate) {
        return new DiskQueue(diskThreads.next(), channel, gate, log);
    }
}
