package dev.probe.core.server;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.transport.Transport;
import java.nio.file.Path;
import java.time.Duration;

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
 */
public record ServerConfig(String bind, int port, Path file, long fileSize, Duration idleTimeout,
                           Duration handshakeTimeout, Duration maxDuration, boolean intervals, Path dir,
                           ServerLimits limits, ServerSecurity security, Transport transport) {
    public ServerConfig {
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
        return new ServerConfig("0.0.0.0", 5555, Path.of(System.getProperty("java.io.tmpdir"), "probe-server.dat"),
                1024L * 1024 * 1024, Duration.ofSeconds(60), Duration.ofSeconds(10), Duration.ofHours(1), true, null,
                ServerLimits.defaults(), ServerSecurity.none(), Transport.best());
    }

    /** The same settings listening on {@code newBind}:{@code newPort}, quiet, storing bulk pieces in {@code newDir}. */
    public ServerConfig forLoopback(String newBind, int newPort, Path newFile, Path newDir) {
        return new ServerConfig(newBind, newPort, newFile, fileSize, idleTimeout, handshakeTimeout, maxDuration, false,
                newDir, limits, security, transport);
    }

    public ServerConfig withLimits(ServerLimits newLimits) {
        return new ServerConfig(bind, port, file, fileSize, idleTimeout, handshakeTimeout, maxDuration, intervals, dir,
                newLimits, security, transport);
    }

    public ServerConfig withSecurity(ServerSecurity newSecurity) {
        return new ServerConfig(bind, port, file, fileSize, idleTimeout, handshakeTimeout, maxDuration, intervals, dir,
                limits, newSecurity, transport);
    }

    public ServerConfig withTimeouts(Duration newIdle, Duration newHandshake, Duration newMaxDuration) {
        return new ServerConfig(bind, port, file, fileSize, newIdle, newHandshake, newMaxDuration, intervals, dir,
                limits, security, transport);
    }

    public ServerConfig withFileSize(long newFileSize) {
        return new ServerConfig(bind, port, file, newFileSize, idleTimeout, handshakeTimeout, maxDuration, intervals, dir,
                limits, security, transport);
    }

    public ServerConfig withTransport(Transport newTransport) {
        return new ServerConfig(bind, port, file, fileSize, idleTimeout, handshakeTimeout, maxDuration, intervals, dir,
                limits, security, newTransport);
    }

    private static void positive(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new BadParameterException(name, (d == null ? "missing" : d.toMillis() + " ms") + " must be positive");
        }
    }
}
