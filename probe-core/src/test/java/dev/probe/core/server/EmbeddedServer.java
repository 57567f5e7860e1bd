package dev.probe.core.server;

import dev.probe.core.bulk.BulkKind;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.redo.RedoKind;
import dev.probe.core.testing.LogCapture;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.EventExecutorGroup;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The server's control phase and data handlers without sockets: each {@link #connect()} is an
 * {@link EmbeddedChannel} holding a handshake handler of one server context (redo and bulk kinds), so tests write
 * frames in and read the server's frames out, Netty's way.
 */
final class EmbeddedServer implements AutoCloseable {
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final EventExecutorGroup disk = new DefaultEventExecutorGroup(1);
    private final LogCapture log = new LogCapture();
    private final ServerContext context;

    EmbeddedServer(ServerConfig config) {
        SessionRegistry sessions = new SessionRegistry(timer, config, log);
        context = new ServerContext(config, log, sessions, disk, "probe test",
                List.of(new RedoKind(config), new BulkKind(config, config.dir() == null ? null
                        : SpaceBudget.of(config.dir(), config.limits().maxDir()))));
    }

    /** A new connection, active, its handshake deadline scheduled on the channel's own clock. */
    EmbeddedChannel connect() {
        return new EmbeddedChannel(new ServerHandshakeHandler(context));
    }

    ServerContext context() {
        return context;
    }

    LogCapture log() {
        return log;
    }

    /** The next control frame the server wrote on {@code ch}. */
    static ControlFrame reply(EmbeddedChannel ch) {
        Object out = ch.readOutbound();
        if (!(out instanceof ControlFrame)) {
            throw new AssertionError("expected a control frame, got " + out);
        }
        return (ControlFrame) out;
    }

    @Override
    public void close() {
        timer.shutdownNow();
        disk.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
