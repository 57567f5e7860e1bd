package dev.probe.core.server;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.transport.Transport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Settings of a probe server, validated once.
 *
 * @param bind             address to listen on ({@code 0.0.0.0} for all)
 * @param port             TCP port; 0 picks a free one (printed at start)
 * @param file             base path of the files written for {@code --write} tests; one file per connection
 * @param fileSize         each such file is written as a ring of this many bytes, like a redo log
 * @param idleTimeout      a connection that sends nothing for this long is closed
 * @param handshakeTimeout a connection must say HELLO or JOIN within this, and a session's connections join within it
 * @param maxDuration      longest test (warm-up plus duration) the server accepts
 * @param intervals        log per-interval receive rates of running tests
 * @param dir              where bulk backups store their pieces (and restores read them); null = discard
 * @param limits           sessions, connections and rate the server allows
 * @param security         shared secret and TLS (TLS applies to the Object Storage endpoint too)
 * @param transport        epoll or NIO
 * @param nfsAllow         the NFS exports ({@code SERVER:/EXPORT}) a client may have this server measure; none by
 *                         default (the server makes no NFS connection for anyone)
 */
public record ServerConfig(String bind, int port, Path file, long fileSize, Duration idleTimeout,
        Duration handshakeTimeout, Duration maxDuration, boolean intervals, Path dir,
        ServerLimits limits, ServerSecurity security, Transport transport, List<String> nfsAllow) {
    public ServerConfig {
        nfsAllow = nfsAllow == null ? List.of() : List.copyOf(nfsAllow);
        if (bind == null || bind.isBlank()) {
            throw new BadParameterException("bind", "is missing");
        }
        if (port < 0 || port > 65535) {
            throw new BadParameterException("port", port + " is out of range [0, 65535]");
        }
        if (file == null) {
            throw new BadParameterException("file", "is missing");
        }
        if (fileSize < 64 * 1024 * 1024) {
            throw new BadParameterException("file-size", fileSize + " bytes is below the minimum 64 MiB");
        }
        positive("idle-timeout", idleTimeout);
        positive("handshake-timeout", handshakeTimeout);
        positive("max-duration", maxDuration);
        if (limits == null || security == null || transport == null) {
            throw new BadParameterException("server", "limits, security and transport must be given");
        }
    }

    /**
     * Every address ({@code 0.0.0.0}, as {@code probe server} without {@code --bind}), port 5555, the file in the
     * temp directory, 60 s idle, 10 s handshake, 1 h max ({@link #forLoopback} for tests on 127.0.0.1).
     */
    public static ServerConfig defaults() {
        return builder().build();
    }

    /** The defaults, to change by name; {@link Builder#build} checks the whole. */
    public static Builder builder() {
        return new Builder();
    }

    /** These settings, to change some by name. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.bind = bind;
        b.port = port;
        b.file = file;
        b.fileSize = fileSize;
        b.idleTimeout = idleTimeout;
        b.handshakeTimeout = handshakeTimeout;
        b.maxDuration = maxDuration;
        b.intervals = intervals;
        b.dir = dir;
        b.limits = limits;
        b.security = security;
        b.transport = transport;
        b.nfsAllow = nfsAllow;
        return b;
    }

    /** The same settings listening on {@code newBind}:{@code newPort}, quiet, storing bulk pieces in {@code newDir}. */
    public ServerConfig forLoopback(String newBind, int newPort, Path newFile, Path newDir) {
        return toBuilder().listen(newBind, newPort).file(newFile).intervals(false).dir(newDir).build();
    }

    public ServerConfig withLimits(ServerLimits newLimits) {
        return toBuilder().limits(newLimits).build();
    }

    public ServerConfig withSecurity(ServerSecurity newSecurity) {
        return toBuilder().security(newSecurity).build();
    }

    public ServerConfig withTimeouts(Duration newIdle, Duration newHandshake, Duration newMaxDuration) {
        return toBuilder().timeouts(newIdle, newHandshake, newMaxDuration).build();
    }

    public ServerConfig withFileSize(long newFileSize) {
        return toBuilder().fileSize(newFileSize).build();
    }

    public ServerConfig withTransport(Transport newTransport) {
        return toBuilder().transport(newTransport).build();
    }

    /** A server's settings by name, from the defaults; {@link #build} ends in the checked record. */
    public static final class Builder {
        private String bind = "0.0.0.0";
        private int port = 5555;
        private Path file = Path.of(System.getProperty("java.io.tmpdir"), "probe-server.dat");
        private long fileSize = 1024L * 1024 * 1024;
        private Duration idleTimeout = Duration.ofSeconds(60);
        private Duration handshakeTimeout = Duration.ofSeconds(10);
        private Duration maxDuration = Duration.ofHours(1);
        private boolean intervals = true;
        private Path dir;
        private ServerLimits limits = ServerLimits.defaults();
        private ServerSecurity security = ServerSecurity.none();
        private Transport transport = Transport.best();
        private List<String> nfsAllow = List.of();

        private Builder() {
        }

        public Builder listen(String address, int tcpPort) {
            this.bind = address;
            this.port = tcpPort;
            return this;
        }

        public Builder file(Path base) {
            this.file = base;
            return this;
        }

        public Builder fileSize(long bytes) {
            this.fileSize = bytes;
            return this;
        }

        public Builder timeouts(Duration idle, Duration handshake, Duration longestTest) {
            this.idleTimeout = idle;
            this.handshakeTimeout = handshake;
            this.maxDuration = longestTest;
            return this;
        }

        /** Log each running test's interval rates. */
        public Builder intervals(boolean logged) {
            this.intervals = logged;
            return this;
        }

        /** Where bulk pieces are stored (null: discarded). */
        public Builder dir(Path store) {
            this.dir = store;
            return this;
        }

        /** The NFS exports a client may have this server measure ({@code SERVER:/EXPORT} each). */
        public Builder nfsAllow(List<String> exports) {
            this.nfsAllow = exports;
            return this;
        }

        public Builder limits(ServerLimits l) {
            this.limits = l;
            return this;
        }

        public Builder security(ServerSecurity s) {
            this.security = s;
            return this;
        }

        public Builder transport(Transport t) {
            this.transport = t;
            return this;
        }

        public ServerConfig build() {
            return new ServerConfig(bind, port, file, fileSize, idleTimeout, handshakeTimeout, maxDuration, intervals,
                    dir, limits, security, transport, nfsAllow);
        }
    }

    private static void positive(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new BadParameterException(name, (d == null ? "missing" : d.toMillis() + " ms") + " must be positive");
        }
    }
}
