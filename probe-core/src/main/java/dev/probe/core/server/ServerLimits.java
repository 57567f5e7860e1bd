package dev.probe.core.server;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Frames;

/**
 * What one server allows at once; a request over a limit is refused with code LIMIT, naming the limit.
 *
 * @param maxSessions              tests and bulk runs running at once (default 64)
 * @param maxConnections           open connections in total, handshaking ones included (default 1024)
 * @param maxConnectionsPerSession connections (channels) one test may use (default 256)
 * @param rateCapBytesPerSecond    per-session cap on data moved, 0 = none (default none)
 * @param maxDiskCheck             largest test file a remote disk check may write in the server's --dir (8 GiB)
 */
public record ServerLimits(int maxSessions, int maxConnections, int maxConnectionsPerSession,
                           long rateCapBytesPerSecond, long maxDiskCheck) {
    public static final long DEFAULT_MAX_DISK_CHECK = 8L << 30;

    /** With the default disk check size. */
    public ServerLimits(int maxSessions, int maxConnections, int maxConnectionsPerSession, long rateCapBytesPerSecond) {
        this(maxSessions, maxConnections, maxConnectionsPerSession, rateCapBytesPerSecond, DEFAULT_MAX_DISK_CHECK);
    }

    public ServerLimits {
        if (maxDiskCheck < 0) {
            throw new BadParameterException("disk-max-size", maxDiskCheck + " must not be negative");
        }
        if (maxSessions < 1) {
            throw new BadParameterException("max-sessions", maxSessions + " must be at least 1");
        }
        if (maxConnections < 1) {
            throw new BadParameterException("max-connections", maxConnections + " must be at least 1");
        }
        if (maxConnectionsPerSession < 1 || maxConnectionsPerSession > Frames.MAX_CONNECTIONS) {
            throw new BadParameterException("max-conn-per-session", maxConnectionsPerSession + " is out of range [1, "
                    + Frames.MAX_CONNECTIONS + "]");
        }
        if (rateCapBytesPerSecond < 0) {
            throw new BadParameterException("rate-cap", rateCapBytesPerSecond + " must not be negative");
        }
    }

    /** The same limits with another largest disk check. */
    public ServerLimits withMaxDiskCheck(long bytes) {
        return new ServerLimits(maxSessions, maxConnections, maxConnectionsPerSession, rateCapBytesPerSecond, bytes);
    }

    public static ServerLimits defaults() {
        return new ServerLimits(64, 1024, Frames.MAX_CONNECTIONS, 0);
    }
}
