package dev.probe.core.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;

/** A connection's SO_SNDBUF/SO_RCVBUF: set as the session asks, and read back as the OS granted them. */
final class SocketBuffers {
    private SocketBuffers() {
    }

    /** Requests {@code sockbuf} bytes both ways; 0 keeps the system default. */
    static void apply(Channel ch, long sockbuf) {
        if (sockbuf > 0) {
            ch.config().setOption(ChannelOption.SO_SNDBUF, (int) sockbuf);
            ch.config().setOption(ChannelOption.SO_RCVBUF, (int) sockbuf);
        }
    }

    /** The send buffer granted (0 where the channel has no socket). */
    static int sndbuf(Channel ch) {
        Integer v = ch.config().getOption(ChannelOption.SO_SNDBUF);
        return v == null ? 0 : v;
    }

    /** The receive buffer granted (0 where the channel has no socket). */
    static int rcvbuf(Channel ch) {
        Integer v = ch.config().getOption(ChannelOption.SO_RCVBUF);
        return v == null ? 0 : v;
    }
}
