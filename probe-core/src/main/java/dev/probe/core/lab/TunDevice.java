package dev.probe.core.lab;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.charset.StandardCharsets;

/**
 * A layer-3 TUN device (IFF_TUN | IFF_NO_PI) opened from /dev/net/tun: each read returns one IP packet the kernel
 * routed into the device, each write hands one IP packet to the kernel as if it had arrived on it. With
 * {@code aggregates}, the device also takes IFF_VNET_HDR and TSO/checksum offload, so a read returns a whole TSO/GSO
 * aggregate (up to 64 KiB, behind a 10-byte virtio-net header) and a write delivers one: the unit a Linux router
 * with GRO hands to netem. The file descriptor is non-blocking; {@link #awaitReadable} waits with poll(2) so a
 * reader thread can notice shutdown. The device disappears when it is closed.
 */
public final class TunDevice implements AutoCloseable {
    private static final long TUNSETIFF = 0x400454caL;
    private static final short IFF_TUN = 0x0001;
    private static final short IFF_NO_PI = 0x1000;
    private static final short IFF_VNET_HDR = 0x4000;
    private static final long TUNSETOFFLOAD = 0x400454d0L;
    private static final long TUN_F_CSUM = 0x01;
    private static final long TUN_F_TSO4 = 0x02;
    private static final long TUN_F_TSO6 = 0x04;
    private static final int MAX_AGGREGATE = 65_536;
    private static final int IFNAMSIZ = 16;

    private final String name;
    private final int fd;
    private final boolean aggregates;
    private final Memory pollFd = new Memory(8);
    private volatile boolean closed;

    private TunDevice(String name, int fd, boolean aggregates) {
        this.name = name;
        this.fd = fd;
        this.aggregates = aggregates;
    }

    /** Creates the device {@code name}; needs root (CAP_NET_ADMIN) and the tun driver. */
    public static TunDevice create(String name, boolean aggregates) {
        LibC.requireLoaded();
        byte[] bytes = name.getBytes(StandardCharsets.US_ASCII);
        if (bytes.length == 0 || bytes.length >= IFNAMSIZ) {
            throw new LabException("TUN device name '" + name + "' must be 1-15 characters");
        }
        int fd;
        try {
            fd = LibC.open("/dev/net/tun", LibC.O_RDWR);
        } catch (LastErrorException e) {
            throw new LabException("cannot open /dev/net/tun (" + errno(e.getErrorCode())
                    + "): the userspace link needs root and "
                    + "the tun driver");
        }
        try {
            Memory ifr = new Memory(40);
            ifr.clear();
            ifr.write(0, bytes, 0, bytes.length);
            ifr.setShort(IFNAMSIZ, (short) (IFF_TUN | IFF_NO_PI | (aggregates ? IFF_VNET_HDR : 0)));
            LibC.ioctl(fd, TUNSETIFF, ifr);
            if (aggregates) {
                LibC.ioctl(fd, TUNSETOFFLOAD, new Pointer(TUN_F_CSUM | TUN_F_TSO4 | TUN_F_TSO6));
            }
            LibC.fcntl(fd, LibC.F_SETFL, LibC.O_RDWR | LibC.O_NONBLOCK);
        } catch (LastErrorException e) {
            LibC.close(fd);
            throw new LabException("cannot create TUN device " + name + " (" + errno(e.getErrorCode())
                    + "): root (CAP_NET_ADMIN) "
                    + "is needed, and the name must be free");
        }
        return new TunDevice(name, fd, aggregates);
    }

    /** Bytes in front of each packet (the virtio-net header when aggregates pass whole, else none). */
    int headerBytes() {
        return aggregates ? VnetHeader.BYTES : 0;
    }

    /** The largest read this device can return on a link of {@code mtu}. */
    int maxPacket(int mtu) {
        return aggregates ? VnetHeader.BYTES + MAX_AGGREGATE : mtu + 64;
    }

    public String name() {
        return name;
    }

    /**
     * Reads one packet into {@code address} (at most {@code capacity} bytes): its length, or 0 when none is
     * waiting (or the device is closed).
     */
    int read(long address, int capacity) {
        long n = LibC.read(fd, address, capacity);
        if (n >= 0) {
            return (int) n;
        }
        int errno = Native.getLastError();
        if (errno == LibC.EAGAIN || errno == LibC.EINTR || closed) {
            return 0;
        }
        throw new LabException("read from " + name + " failed: " + errno(errno));
    }

    /** Hands one packet to the kernel; false when it refused it (counted by the caller as a drop). */
    boolean write(long address, int length) {
        return LibC.write(fd, address, length) == length;
    }

    /** Waits up to {@code timeoutMs} for a packet to read (called by the one reader thread of this device). */
    void awaitReadable(int timeoutMs) {
        pollFd.setInt(0, fd);
        pollFd.setShort(4, (short) LibC.POLLIN);
        pollFd.setShort(6, (short) 0);
        LibC.poll(pollFd, 1, timeoutMs); // -1 (EINTR): the caller loops
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            try {
                LibC.close(fd);
            } catch (LastErrorException e) {
                // already gone
            }
        }
    }

    private static String errno(int code) {
        return switch (code) {
            case 1 -> "EPERM, operation not permitted";
            case 2 -> "ENOENT, no such device";
            case 13 -> "EACCES, permission denied";
            case 16 -> "EBUSY, name in use";
            case 19 -> "ENODEV, no tun driver";
            default -> "errno " + code;
        };
    }
}
