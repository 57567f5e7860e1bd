package dev.probe.core.server;

import dev.probe.core.params.Mode;
import io.netty.channel.Channel;
import io.netty.util.concurrent.EventExecutorGroup;
import java.nio.file.Path;

/** What the server's per-connection handlers share: configuration, log, sessions, disk threads. */
final class ServerContext {
    private final ServerConfig config;
    private final ServerLog log;
    private final SessionRegistry sessions;
    private final EventExecutorGroup diskThreads;
    private final String version;

    ServerContext(ServerConfig config, ServerLog log, SessionRegistry sessions, EventExecutorGroup diskThreads,
                  String version) {
        this.config = config;
        this.log = log;
        this.sessions = sessions;
        this.diskThreads = diskThreads;
        this.version = version;
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
        return new DiskWriter(diskThreads.next(), channel, gate, file, config.fileSize(),
                session.params().mode() == Mode.SYNC, log);
    }
}
