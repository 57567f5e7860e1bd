package dev.probe.core.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioChannelOption;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.unix.IntegerUnixChannelOption;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringChannelOption;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import jdk.net.ExtendedSocketOptions;

/**
 * The Netty transport of a run or a server, chosen once: native epoll where it loads, io_uring when asked for
 * ({@code -Dprobe.transport=io_uring}) and the kernel allows it, NIO when asked for or when neither native transport
 * loads. Part of the client's and server's configuration; nothing reads it from a static field.
 *
 * <pre>{@code
 * Transport t = Transport.select(Transport.Kind.EPOLL);   // epoll where available, NIO otherwise
 * EventLoopGroup g = t.group(2, "probe-client");
 * }</pre>
 *
 * @param kind   the transport in use
 * @param whyNot why the transport asked for (or epoll, by default) is not the one in use; null when it is
 */
public record Transport(Kind kind, String whyNot) {
    /** The transports probe can run on. */
    public enum Kind {
        EPOLL("epoll"), IO_URING("io_uring"), NIO("nio");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The name a user types ({@code -Dprobe.transport=}) and a result prints. */
        public String label() {
            return label;
        }

        /** The kind named {@code label} (case-insensitive; {@code iouring} too), or null. */
        public static Kind parse(String label) {
            String l = label.trim().toLowerCase(Locale.ROOT).replace("-", "_");
            for (Kind k : values()) {
                if (k.label.equals(l) || k.label.replace("_", "").equals(l)) {
                    return k;
                }
            }
            return null;
        }
    }

    /**
     * The transport asked for where it loads; io_uring falls back to epoll and epoll to NIO, saying why in
     * {@link #whyNot()} (a kernel without io_uring, a sandbox's seccomp filter, a platform without the native library).
     */
    public static Transport select(Kind requested) {
        if (requested == Kind.IO_URING) {
            if (IoUring.isAvailable()) {
                // Netty's io_uring copies a FileRegion (probe's ContentRegion) to the socket 64 KiB at a time: a
                // third of epoll's rate for 1 MiB messages; a message's worth per send matches epoll (speed.md)
                if (System.getProperty(IO_URING_CHUNK) == null) {
                    System.setProperty(IO_URING_CHUNK, String.valueOf(IO_URING_CHUNK_BYTES));
                }
                return new Transport(Kind.IO_URING, null);
            }
            Transport fallback = select(Kind.EPOLL);
            return new Transport(fallback.kind, "io_uring unavailable: " + cause(IoUring.unavailabilityCause())
                    + (fallback.whyNot == null ? "" : "; " + fallback.whyNot));
        }
        if (requested == Kind.EPOLL) {
            return Epoll.isAvailable() ? new Transport(Kind.EPOLL, null)
                    : new Transport(Kind.NIO, "epoll unavailable: " + cause(Epoll.unavailabilityCause()));
        }
        return new Transport(Kind.NIO, null);
    }

    private static final String IO_URING_CHUNK = "io.netty.iouring.fileRegionChunkSize";
    private static final int IO_URING_CHUNK_BYTES = 1024 * 1024 + 64;

    private static String cause(Throwable t) {
        return t == null ? "unknown" : String.valueOf(t.getMessage());
    }

    /** The best transport here (epoll where it loads). */
    public static Transport best() {
        return select(Kind.EPOLL);
    }

    /** {@code epoll}, {@code io_uring} or {@code nio}. */
    public String name() {
        return kind.label();
    }

    /**
     * True on a native Linux transport (epoll or io_uring): its channels expose their file descriptor, so TCP_INFO,
     * the congestion control and the saved SYN can be read.
     */
    public boolean linuxNative() {
        return kind != Kind.NIO;
    }

    /** Why TCP_INFO cannot be read on this transport, or null when it can. */
    public String whyNoTcpInfo() {
        return linuxNative() ? null : whyNot != null ? whyNot : "NIO transport requested";
    }

    /** An event-loop group of {@code threads} daemon threads named {@code name}. */
    public EventLoopGroup group(int threads, String name) {
        return new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory(name, true), ioHandler());
    }

    private IoHandlerFactory ioHandler() {
        return switch (kind) {
            case EPOLL -> EpollIoHandler.newFactory();
            case IO_URING -> IoUringIoHandler.newFactory();
            case NIO -> NioIoHandler.newFactory();
        };
    }

    public Class<? extends ServerChannel> serverChannel() {
        return switch (kind) {
            case EPOLL -> EpollServerSocketChannel.class;
            case IO_URING -> IoUringServerSocketChannel.class;
            case NIO -> NioServerSocketChannel.class;
        };
    }

    public Class<? extends Channel> channel() {
        return switch (kind) {
            case EPOLL -> EpollSocketChannel.class;
            case IO_URING -> IoUringSocketChannel.class;
            case NIO -> NioSocketChannel.class;
        };
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
    public Map<ChannelOption<?>, Object> keepAlive() {
        Map<ChannelOption<?>, Object> o = new LinkedHashMap<>();
        o.put(ChannelOption.SO_KEEPALIVE, true);
        if (kind == Kind.EPOLL) {
            o.put(EpollChannelOption.TCP_KEEPIDLE, KEEPALIVE_IDLE_S);
            o.put(EpollChannelOption.TCP_KEEPINTVL, KEEPALIVE_INTERVAL_S);
            o.put(EpollChannelOption.TCP_KEEPCNT, KEEPALIVE_COUNT);
        } else if (kind == Kind.IO_URING) {
            o.put(IoUringChannelOption.TCP_KEEPIDLE, KEEPALIVE_IDLE_S);
            o.put(IoUringChannelOption.TCP_KEEPINTVL, KEEPALIVE_INTERVAL_S);
            o.put(IoUringChannelOption.TCP_KEEPCNT, KEEPALIVE_COUNT);
        } else {
            o.put(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPIDLE), KEEPALIVE_IDLE_S);
            o.put(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPINTERVAL), KEEPALIVE_INTERVAL_S);
            o.put(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPCOUNT), KEEPALIVE_COUNT);
        }
        return o;
    }

    /** Linux's TCP_MAXSEG, set through the native transport's raw option. */
    private static final ChannelOption<Integer> TCP_MAXSEG = new IntegerUnixChannelOption("TCP_MAXSEG",
            6 /* IPPROTO_TCP */, 2 /* TCP_MAXSEG */);

    /** True when a connection's segment size can be clamped before it connects (epoll: TCP_MAXSEG). */
    public boolean clampsSegments() {
        return kind == Kind.EPOLL;
    }

    /** Clamps the MSS of every connection {@code b} makes to {@code mss} (only where {@link #clampsSegments}). */
    public void maxSegment(Bootstrap b, int mss) {
        if (!clampsSegments()) {
            throw new IllegalStateException("the " + name() + " transport cannot set TCP_MAXSEG");
        }
        b.option(TCP_MAXSEG, mss);
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
