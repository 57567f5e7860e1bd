package dev.probe.core.transport;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

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
}
