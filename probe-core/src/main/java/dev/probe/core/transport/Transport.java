package dev.probe.core.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioChannelOption;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import jdk.net.ExtendedSocketOptions;

/**
 * The Netty transport of a run or a server, chosen once: native epoll where it loads and NIO was not asked
 * for, NIO otherwise. Part of the client's and server's configuration; nothing reads it from a static field.
 *
 * <pre>{@code
 * Transport t = Transport.select(false);     // epoll where available
 * EventLoopGroup g = t.group(2, "probe-client");
 * }</pre>
 *
 * @param epoll       true when the native epoll transport is used (and TCP_INFO can be read)
 * @param whyNotEpoll why epoll is not used, or null when it is
 */
public record Transport(boolean epoll, String whyNotEpoll) {
    /** Epoll unless {@code nioRequested} or it does not load here. */
    public static Transport select(boolean nioRequested) {
        if (nioRequested) {
            return new Transport(false, "NIO requested with -Dprobe.nio=true");
        }
        if (Epoll.isAvailable()) {
            return new Transport(true, null);
        }
        Throwable cause = Epoll.unavailabilityCause();
        return new Transport(false, cause == null ? "unknown" : String.valueOf(cause.getMessage()));
    }

    /** The best transport here (epoll where it loads). */
    public static Transport best() {
        return select(false);
    }

    /** {@code epoll} or {@code nio}. */
    public String name() {
        return epoll ? "epoll" : "nio";
    }

    public EventLoopGroup group(int threads, String name) {
        DefaultThreadFactory factory = new DefaultThreadFactory(name, true);
        return epoll ? new EpollEventLoopGroup(threads, factory) : new NioEventLoopGroup(threads, factory);
    }

    public Class<? extends ServerChannel> serverChannel() {
        return epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    public Class<? extends Channel> channel() {
        return epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** TCP keepalive's first probe after this much silence (far under NAT and firewall idle timeouts). */
    public static final int KEEPALIVE_IDLE_S = 30;
    /** Seconds between unanswered keepalive probes. */
    public static final int KEEPALIVE_INTERVAL_S = 10;
    /** Unanswered probes before the connection is declared dead (so a dead peer shows within a minute). */
    public static final int KEEPALIVE_COUNT = 3;

    /**
     * TCP keepalive with probe's own timing (not the OS's two hours), set on every connection of a run and of a
     * server: idle firewalls and NAT keep long control connections, a vanished peer is noticed (iperf3 learned this:
     * esnet/iperf#812, #835, {@code --cntl-ka}).
     */
    public java.util.Map<ChannelOption<?>, Object> keepAlive() {
        java.util.Map<ChannelOption<?>, Object> o = new java.util.LinkedHashMap<>();
        o.put(ChannelOption.SO_KEEPALIVE, true);
        if (epoll) {
            o.put(EpollChannelOption.TCP_KEEPIDLE, KEEPALIVE_IDLE_S);
            o.put(EpollChannelOption.TCP_KEEPINTVL, KEEPALIVE_INTERVAL_S);
            o.put(EpollChannelOption.TCP_KEEPCNT, KEEPALIVE_COUNT);
        } else {
            o.put(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPIDLE), KEEPALIVE_IDLE_S);
            o.put(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPINTERVAL), KEEPALIVE_INTERVAL_S);
            o.put(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPCOUNT), KEEPALIVE_COUNT);
        }
        return o;
    }

    /** Sets {@link #keepAlive()} and {@link StreamReads} on a client bootstrap. */
    @SuppressWarnings("unchecked")
    public void keepAlive(Bootstrap b) {
        keepAlive().forEach((k, v) -> b.option((ChannelOption<Object>) k, v));
        b.option(ChannelOption.RCVBUF_ALLOCATOR, StreamReads.INSTANCE);
    }

    /** Sets {@link #keepAlive()} and {@link StreamReads} on each connection a server accepts. */
    @SuppressWarnings("unchecked")
    public void keepAlive(ServerBootstrap b) {
        keepAlive().forEach((k, v) -> b.childOption((ChannelOption<Object>) k, v));
        b.childOption(ChannelOption.RCVBUF_ALLOCATOR, StreamReads.INSTANCE);
    }
}
