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
 * @param maxDir                   bytes the server may keep under its --dir, all runs and kinds together: stored
 *                                 backup pieces, disk-check files, an endpoint file store there (--disk-max-size,
 *                                 default 64 GiB; see {@link SpaceBudget})
 * @param keepFailed               keep a failed backup's stored pieces (--keep-failed; default: removed)
 */
public record ServerLimits(int maxSessions, int maxConnections, int maxConnectionsPerSession,
        long rateCapBytesPerSecond, long maxDir, boolean keepFailed) {

    public static final long DEFAULT_MAX_DIR = 64L << 30;

    /** With the default space under --dir, failed backups removed. */
    public ServerLimits(int maxSessions, int maxConnections, int maxConnectionsPerSession, long rateCapBytesPerSecond) {
        this(maxSessions, maxConnections, maxConnectionsPerSession, rateCapBytesPerSecond, DEFAULT_MAX_DIR, false);
    }

    public ServerLimits {
        if (maxDir < 0) {
            throw new BadParameterException("disk-max-size", maxDir + " must not be negative");
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

    /** The same limits with another space under --dir and failed-backup policy. */
    public ServerLimits withDir(long bytes, boolean keep) {
        return new ServerLimits(maxSessions, maxConnections, maxConnectionsPerSession, rateCapBytesPerSecond, bytes,
                keep);
    }

    public static ServerLimits defaults() {
        return new ServerLimits(64, 1024, Frames.MAX_CONNECTIONS, 0);
    }
}
