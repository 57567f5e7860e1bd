package dev.probe.core.lab;

import com.sun.jna.Pointer;

/**
 * What the lab reads of a unit a TUN device with offloads hands it: the 10-byte virtio-net header in front (struct
 * virtio_net_hdr: whether the unit is a GSO aggregate, and its segment size), then the IPv4 and TCP headers that every
 * segment cut from it repeats. Shared by the path-MTU gate (the largest packet a unit becomes) and the unit sizes
 * (how many segments it becomes).
 */
final class VnetHeader {
    /** The header's bytes in front of each unit. */
    static final int BYTES = 10;
    private static final int IP_HEADER = 20;

    private VnetHeader() {
    }

    /** Whether the {@code n} bytes at {@code p} hold an IPv4 packet after {@code header} bytes. */
    static boolean ipv4(Pointer p, int header, int n) {
        return n - header >= IP_HEADER && (p.getByte(header) >> 4 & 0xF) == 4;
    }

    /** The aggregate's segment size (gso_size, little-endian as the host's); 0 when the unit is no GSO aggregate. */
    static int gsoSize(Pointer p) {
        if (p.getByte(1) == 0) { // gso_type
            return 0;
        }
        return (p.getByte(4) & 0xFF) | (p.getByte(5) & 0xFF) << 8;
    }

    /** The IPv4 and TCP headers' bytes of the packet {@code header} bytes into {@code p}. */
    static int ipTcpHeaders(Pointer p, int header) {
        int ihl = (p.getByte(header) & 0xF) * 4;
        int doff = ((p.getByte(header + ihl + 12) & 0xFF) >> 4) * 4;
        return ihl + doff;
    }
}
