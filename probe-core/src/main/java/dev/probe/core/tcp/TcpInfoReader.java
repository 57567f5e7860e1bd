package dev.probe.core.tcp;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.probe.core.error.CannotRunException;
import io.netty.channel.Channel;
import io.netty.channel.unix.UnixChannel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads {@code TCP_INFO} and {@code TCP_CONGESTION} with getsockopt(2) through JNA, for channels of the native
 * epoll transport (which expose their file descriptor). Called from reporting threads, never the hot path.
 */
public final class TcpInfoReader {
    private static final int IPPROTO_TCP = 6;
    private static final int TCP_INFO = 11;
    private static final int TCP_CONGESTION = 13;
    private static final int TCP_INFO_SIZE = 232;
    private static final LibC LIBC = load();

    /** The libc calls used here. */
    public interface LibC extends Library {
        int getsockopt(int fd, int level, int option, Pointer value, IntByReference length);

        int setsockopt(int fd, int level, int option, Pointer value, int length);
    }

    private TcpInfoReader() {
    }

    private static LibC load() {
        try {
            if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
                return null;
            }
            return Native.load("c", LibC.class);
        } catch (Throwable t) {
            return null;
        }
    }

    /** The libc binding (null where not Linux); for this package's other readers. */
    static LibC libc() {
        return LIBC;
    }

    /** True when TCP_INFO can be read for {@code channel}. */
    public static boolean supported(Channel channel) {
        return LIBC != null && channel instanceof UnixChannel;
    }

    /** The socket's TCP_INFO, or empty when unavailable (NIO transport, not Linux, closed socket). */
    public static Optional<TcpInfo> read(Channel channel) {
        if (!supported(channel) || !channel.isOpen()) {
            return Optional.empty();
        }
        Memory buf = new Memory(TCP_INFO_SIZE);
        buf.clear();
        IntByReference len = new IntByReference(TCP_INFO_SIZE);
        int fd = ((UnixChannel) channel).fd().intValue();
        if (LIBC.getsockopt(fd, IPPROTO_TCP, TCP_INFO, buf, len) != 0 || len.getValue() < 104) {
            return Optional.empty();
        }
        int n = len.getValue();
        // offsets of struct tcp_info (include/uapi/linux/tcp.h); later fields only where the kernel filled them
        TcpInfo.Limits limits = n >= 192 ? new TcpInfo.Limits(buf.getLong(168), buf.getLong(176), buf.getLong(184))
                : TcpInfo.Limits.NONE;
        return Optional.of(new TcpInfo(
                u32(buf, 68), n >= 152 ? u32(buf, 148) : 0, u32(buf, 80), u32(buf, 16), u32(buf, 100),
                n >= 140 ? u32(buf, 136) : 0, n >= 216 ? buf.getLong(208) : 0, n >= 128 ? buf.getLong(120) : 0,
                u32(buf, 60), limits, u32(buf, 88), n >= 224 ? u32(buf, 220) : 0));
    }

    /** TCP_INFO of several sockets added up (see {@link TcpInfo#plus}), or null when none can be read. */
    public static TcpInfo sum(Collection<? extends Channel> channels) {
        TcpInfo sum = null;
        for (Channel c : channels) {
            TcpInfo info = read(c).orElse(null);
            if (info != null) {
                sum = sum == null ? info : sum.plus(info);
            }
        }
        return sum;
    }

    /** The congestion control algorithm of the socket (e.g. {@code cubic}), or empty when unavailable. */
    public static Optional<String> congestionControl(Channel channel) {
        if (!supported(channel) || !channel.isOpen()) {
            return Optional.empty();
        }
        Memory buf = new Memory(16);
        buf.clear();
        IntByReference len = new IntByReference(16);
        int fd = ((UnixChannel) channel).fd().intValue();
        if (LIBC.getsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, buf, len) != 0) {
            return Optional.empty();
        }
        byte[] bytes = buf.getByteArray(0, len.getValue());
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        return Optional.of(new String(bytes, 0, end, StandardCharsets.US_ASCII));
    }

    /**
     * Sets the socket's congestion control (e.g. {@code cubic}); throws {@link IllegalStateException} with a
     * one-line reason when the transport has no file descriptor or the kernel refuses the name.
     */
    public static void setCongestionControl(Channel channel, String algorithm) {
        if (!supported(channel)) {
            throw new CannotRunException("congestion control '" + algorithm + "' can only be set with the native "
                    + "epoll or io_uring transport on Linux");
        }
        byte[] name = algorithm.getBytes(StandardCharsets.US_ASCII);
        Memory buf = new Memory(name.length + 1L);
        buf.clear();
        buf.write(0, name, 0, name.length);
        int fd = ((UnixChannel) channel).fd().intValue();
        if (LIBC.setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, buf, name.length) != 0) {
            throw new CannotRunException("the kernel refused congestion control '" + algorithm + "' (errno "
                    + Native.getLastError() + "); available: " + available());
        }
    }

    /** The kernel's available congestion control algorithms, as /proc lists them. */
    public static String available() {
        try {
            return Files.readString(Path.of(
                    "/proc/sys/net/ipv4/tcp_available_congestion_control")).trim();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static long u32(Memory m, long offset) {
        return Integer.toUnsignedLong(m.getInt(offset));
    }
}
