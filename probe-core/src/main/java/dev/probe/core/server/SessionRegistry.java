package dev.probe.core.server;

import dev.probe.core.params.SessionSpec;
import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.units.Rates;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The server's live sessions: creates and finds them, enforces their join and run deadlines, logs their
 * per-interval receive rate (off the hot path, on the timer thread) and the one closing line of each.
 */
final class SessionRegistry {
    /** Grace after a test's own duration before the server ends it. */
    private static final long RUN_GRACE_SECONDS = 60;

    private final ConcurrentHashMap<String, ServerSession> sessions = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;
    private final ServerConfig config;
    private final ServerLog log;

    SessionRegistry(ScheduledExecutorService timer, ServerConfig config, ServerLog log) {
        this.timer = timer;
        this.config = config;
        this.log = log;
    }

    ServerLog log() {
        return log;
    }

    int size() {
        return sessions.size();
    }

    ServerSession open(Admitted<?> admitted, Channel first) {
        SessionSpec spec = admitted.spec();
        ServerSession s = new ServerSession(Handshake.randomId(), admitted, first,
                config.limits().rateCapBytesPerSecond());
        sessions.put(s.id(), s);
        if (spec.connections() > 1) {
            long ms = config.handshakeTimeout().toMillis();
            s.addTimer(timer.schedule(() -> {
                if (!s.allJoined()) {
                    abort(s, ErrorCode.LIMIT, "not all " + spec.connections() + " connections joined within " + ms
                            + " ms");
                }
            }, ms, TimeUnit.MILLISECONDS));
        }
        boolean open = spec.expectedDuration().isZero();
        long runMs = (open ? config.maxDuration() : spec.expectedDuration()).toMillis()
                + TimeUnit.SECONDS.toMillis(RUN_GRACE_SECONDS);
        s.addTimer(timer.schedule(() -> abort(s, ErrorCode.LIMIT, open
                ? "run exceeded this " + admitted.kind().owner() + "'s max-duration of " + config.maxDuration()
                        .toSeconds()
                        + " s"
                : "test ran " + RUN_GRACE_SECONDS + " s past its requested duration"), runMs, TimeUnit.MILLISECONDS));
        if (config.intervals() && spec.carriesData()) {
            long every = spec.interval().toNanos();
            long[] last = {0, System.nanoTime()};
            s.addTimer(timer.scheduleAtFixedRate(() -> {
                long now = System.nanoTime();
                long bytes = s.totalBytes();
                log.log(String.format(Locale.ROOT, "session %s %12.3f MB/s received", s.shortId(),
                        Rates.mbPerSecond(bytes - last[0], now - last[1])));
                last[0] = bytes;
                last[1] = now;
            }, every, every, TimeUnit.NANOSECONDS));
        }
        log.log("session " + s.shortId() + " from " + s.peer() + ": " + spec.describe());
        return s;
    }

    ServerSession find(String id) {
        return sessions.get(id);
    }

    /**
     * A connection of {@code s} closed; the last one closes the session and logs its line, before the session
     * leaves the registry (so whoever sees no sessions also sees the line).
     */
    void connectionClosed(ServerSession s, int index, boolean cleanly, String why) {
        if (!s.closed(index, cleanly, why)) {
            return;
        }
        synchronized (s) {
            if (!sessions.containsKey(s.id())) {
                return;
            }
            s.cancelTimers();
            logClosed(s);
            sessions.remove(s.id());
        }
        s.endActions().forEach(a -> a.accept(s.failure()));
    }

    private void logClosed(ServerSession s) {
        long nanos = s.elapsedNanos();
        String outcome = s.failure() == null ? "finished" : "aborted (" + s.failure() + ")";
        if (!s.spec().carriesData()) {
            log.log(String.format(Locale.ROOT, "session %s %s after %.1f s (control session)", s.shortId(), outcome,
                    nanos / 1e9));
            return;
        }
        log.log(String.format(Locale.ROOT, "session %s %s: %d message(s), %d bytes in %.1f s, %.3f MB/s "
                + "received (whole session, warm-up included)",
                s.shortId(), outcome, s.totalMessages(), s.totalBytes(), nanos / 1e9,
                Rates.mbPerSecond(s.totalBytes(), nanos)));
    }

    /** Ends a session from the server side, telling the client why. */
    void abort(ServerSession s, ErrorCode code, String message) {
        log.log("session " + s.shortId() + " ended by server: " + message);
        for (Channel c : s.channels()) {
            c.writeAndFlush(new ErrorReply(code, message).frame()).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Closes every session's connections (server shutdown). */
    void closeAll() {
        sessions.values().forEach(s -> s.channels().forEach(Channel::close));
    }
}
