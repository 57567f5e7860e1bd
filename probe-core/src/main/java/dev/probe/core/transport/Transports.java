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

/** Picks Netty's native epoll transport where it loads, NIO otherwise, and says which. */
public final class Transports {
    private static final boolean EPOLL = !Boolean.getBoolean("probe.nio") && Epoll.isAvailable();

    private Transports() {
    }

    /** True when the native epoll transport is in use (and TCP_INFO can be read). */
    public static boolean epoll() {
        return EPOLL;
    }

    /** {@code epoll} or {@code nio}. */
    public static String name() {
        return EPOLL ? "epoll" : "nio";
    }

    /** Why epoll is not used, or {@code null} when it is. */
    public static String whyNotEpoll() {
        if (EPOLL) {
            return null;
        }
        if (Boolean.getBoolean("probe.nio")) {
            return "NIO requested with -Dprobe.nio=true";
        }
        Throwable cause = Epoll.unavailabilityCause();
        return cause == null ? "unknown" : String.valueOf(cause.getMessage());
    }

    public static EventLoopGroup group(int threads, String name) {
        DefaultThreadFactory factory = new DefaultThreadFactory(name, true);
        return EPOLL ? new EpollEventLoopGroup(threads, factory) : new NioEventLoopGroup(threads, factory);
    }

    public static Class<? extends ServerChannel> serverChannel() {
        return EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    public static Class<? extends Channel> channel() {
        return EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }
}
