package dev.probe.core.server;

import dev.probe.core.transport.IoErrors;
import dev.probe.core.transport.RegionSizes;
import dev.probe.core.transport.Transport;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.BlockingOperationException;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutorGroup;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The threads of one server process, shared by its listeners (the probe port, the Object Storage endpoint):
 * one accept loop, the I/O event loops, the disk threads (blocking file work never runs on an event loop) and
 * a timer for session deadlines and interval logging.
 */
public final class ServerThreads implements AutoCloseable {
    private final Transport transport;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final EventExecutorGroup diskThreads;
    private final ScheduledExecutorService timer;

    public ServerThreads(Transport transport) {
        this.transport = transport;
        boss = transport.group(1, "probe-accept");
        workers = transport.group(0, "probe-io");
        diskThreads = new DefaultEventExecutorGroup(Math.max(2, Runtime.getRuntime().availableProcessors()),
                new DefaultThreadFactory("probe-disk", true));
        timer = Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("probe-timer", true));
    }

    public Transport transport() {
        return transport;
    }

    public EventLoopGroup boss() {
        return boss;
    }

    public EventLoopGroup workers() {
        return workers;
    }

    public EventExecutorGroup diskThreads() {
        return diskThreads;
    }

    public ScheduledExecutorService timer() {
        return timer;
    }

    /**
     * Listens on {@code address:port} on these threads with probe's socket options, {@code child} setting up each
     * connection; a port that cannot be bound is "cannot listen on ADDR:PORT: ...".
     */
    public Channel bind(ChannelHandler child, String address, int port) throws InterruptedException {
        try {
            ServerBootstrap b = new ServerBootstrap()
                    .group(boss, workers)
                    .channel(transport.serverChannel())
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.MESSAGE_SIZE_ESTIMATOR, RegionSizes.INSTANCE)
                    .childHandler(child);
            transport.keepAlive(b);
            return b.bind(address, port).sync().channel();
        } catch (Exception e) {
            throw IoErrors.sneaky(IoErrors.cannotListen(e, address, port));
        }
    }

    @Override
    public void close() {
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        diskThreads.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        timer.shutdownNow();
        // returns once the work under way has stopped: a disk thread's queued piece no longer writes into a store
        // its caller removes next (a fresh-clone run's test found a piece directory made after close returned)
        for (EventExecutorGroup g : List.of(boss, workers, diskThreads)) {
            try {
                g.terminationFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
            } catch (BlockingOperationException e) {
                // closed from one of its own threads: it cannot wait for itself
            }
        }
    }
}
