package dev.probe.core.monitor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.Target;
import dev.probe.core.transport.IoErrors;
import dev.probe.core.transport.Transport;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The monitor's HTTP endpoint on Netty (one event loop; checks run on {@link CheckQueue}'s threads, never on it):
 * {@code /metrics} (the schedule's series through the official Prometheus client's scrape handler: Prometheus
 * text or OpenMetrics by the scraper's Accept header), {@code /probe} (one check per scrape, {@link ProbeEndpoint})
 * and a line at {@code /} saying so. {@link MonitorInitializer} bounds connections and header time.
 */
public final class MonitorServer implements AutoCloseable {
    private final EventLoopGroup group;
    private final Channel channel;
    private final ProbeEndpoint probe;

    private MonitorServer(EventLoopGroup group, Channel channel, ProbeEndpoint probe) {
        this.group = group;
        this.channel = channel;
        this.probe = probe;
    }

    /** {@code /metrics} alone on {@code address:port} (0 picks a free port). */
    public static MonitorServer start(MonitorMetrics metrics, InetAddress address, int port) throws IOException {
        return start(metrics, address, port, null, null, null, line -> {}, event -> {});
    }

    /**
     * {@code /metrics} and, when {@code allowed} is given, {@code /probe} for those hosts at {@code template}'s port
     * (or a baseline's), reached as {@code template} is (its host and port replaced by each scrape's target).
     */
    public static MonitorServer start(MonitorMetrics metrics, InetAddress address, int port, MonitorConfig config,
                                      Target template, AllowedTargets allowed, Consumer<String> log,
                                      Consumer<ObjectNode> events) throws IOException {
        ProbeEndpoint probe = allowed != null ? new ProbeEndpoint(template, allowed, config, log, events) : null;
        String help = "probe monitor: /metrics" + (probe != null ? ", /probe?target=HOST:PORT&module=sync|stream "
                + "(hosts in --allow-targets " + allowed + ", ports " + probe.ports() + ")" : "");
        Transport transport = Transport.best();
        EventLoopGroup group = transport.group(1, "monitor-http");
        try {
            Channel ch = new ServerBootstrap().group(group).channel(transport.serverChannel())
                    .option(ChannelOption.SO_BACKLOG, 128).option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new MonitorInitializer(metrics.registry(), probe, help, log))
                    .bind(new InetSocketAddress(address, port)).sync().channel();
            return new MonitorServer(group, ch, probe);
        } catch (Exception e) {
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            if (probe != null) {
                probe.close();
            }
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw IoErrors.sneaky(IoErrors.cannotListen(e, address.getHostAddress(), port));
        }
    }

    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        if (probe != null) {
            probe.close();
        }
    }
}
