package dev.probe.core.tcp;

import com.sun.jna.Memory;
import com.sun.jna.ptr.IntByReference;
import io.netty.channel.Channel;
import io.netty.channel.unix.UnixChannel;

/**
 * The IP TOS byte of a connection's SYN as the server received it, through Linux's {@code TCP_SAVE_SYN} on the
 * listening socket and {@code TCP_SAVED_SYN} on the accepted one (4.2+): what the path left of the client's DSCP,
 * so re-marking on the way shows. Epoll transport only; read once per connection (the kernel frees it then).
 */
public final class SavedSyn {
    private static final int IPPROTO_TCP = 6;
    private static final int TCP_SAVE_SYN = 27;
    private static final int TCP_SAVED_SYN = 28;
    private static final int MAX_HEADERS = 512;

    private SavedSyn() {
    }

    /** Asks the kernel to keep each new connection's SYN headers; false where it cannot (NIO, not Linux). */
    public static boolean enable(Channel listener) {
        if (!TcpInfoReader.supported(listener)) {
            return false;
        }
        Memory one = new Memory(4);
        one.setInt(0, 1);
        return TcpInfoReader.libc().setsockopt(((UnixChannel) listener).fd().intValue(), IPPROTO_TCP, TCP_SAVE_SYN,
                one, 4) == 0;
    }

    /** The TOS (IPv4) or traffic class (IPv6) byte of {@code accepted}'s SYN, or -1 when not saved. */
    public static int tos(Channel accepted) {
        if (!TcpInfoReader.supported(accepted) || !accepted.isOpen()) {
            return -1;
        }
        Memory buf = new Memory(MAX_HEADERS);
        IntByReference len = new IntByReference(MAX_HEADERS);
        if (TcpInfoReader.libc().getsockopt(((UnixChannel) accepted).fd().intValue(), IPPROTO_TCP, TCP_SAVED_SYN,
                buf, len) != 0 || len.getValue() < 2) {
            return -1;
        }
        int b0 = buf.getByte(0) & 0xff;
        int b1 = buf.getByte(1) & 0xff;
        return switch (b0 >> 4) {
            case 4 -> b1;
            case 6 -> ((b0 & 0x0f) << 4) | (b1 >> 4);
            default -> -1;
        };
    }
}
