package dev.probe.core.lab;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * A narrower link on the path: an IPv4 packet larger than the path MTU does not pass. With DF set a router answers
 * ICMP type 3 code 4, "fragmentation needed", naming the MTU (RFC 1191), and the sender's TCP shrinks its segments;
 * a firewall that drops those ICMP makes a black hole: the handshake and small messages pass, full-size segments
 * vanish. A GSO aggregate (behind a virtio-net header) is judged by the segments it will be cut into. Without DF the
 * packet passes whole (as if fragmented and reassembled on the way). Used by one {@link Pipe}'s reader thread.
 */
final class MtuGate {
    /** Bytes of the dropped packet quoted after its IP header (RFC 792 asks for 8; TCP reads its ports and seq). */
    private static final int QUOTE_PAYLOAD = 8;
    private static final int IP_HEADER = 20;
    private static final int ICMP_HEADER = 8;
    private final int pathMtu;
    private final int header;
    private final Memory icmp;

    /** A gate at {@code pathMtu} for a device whose packets have {@code headerBytes} in front (virtio-net's). */
    MtuGate(int pathMtu, int headerBytes) {
        this.pathMtu = pathMtu;
        this.header = headerBytes;
        this.icmp = new Memory(headerBytes + IP_HEADER + ICMP_HEADER + 60 + QUOTE_PAYLOAD);
    }

    int pathMtu() {
        return pathMtu;
    }

    /** True when the IPv4 packet ({@code n} bytes at {@code p}, header included) puts a packet over the MTU on the wire. */
    boolean tooBig(Pointer p, int n) {
        return wireSize(p, header, n) > pathMtu;
    }

    /** The largest IP packet the unit becomes on the wire: its length, or a GSO aggregate's headers plus gso_size. */
    static int wireSize(Pointer p, int header, int n) {
        int ipLen = n - header;
        if (!VnetHeader.ipv4(p, header, n)) {
            return ipLen; // not IPv4: the lab's links carry IPv4 only
        }
        int gsoSize = header > 0 ? VnetHeader.gsoSize(p) : 0;
        return gsoSize == 0 ? ipLen : Math.min(ipLen, VnetHeader.ipTcpHeaders(p, header) + gsoSize);
    }

    /** True when the packet asks not to be fragmented (DF): a router then answers rather than fragments. */
    boolean dontFragment(Pointer p) {
        return (p.getByte(header + 6) & 0x40) != 0;
    }

    /**
     * Writes to {@code back} (the sender's device) the ICMP "fragmentation needed" a router sends for the packet at
     * {@code p}, from the packet's destination (the lab has no router address), with the path MTU as next-hop MTU.
     */
    boolean answer(Pointer p, int n, TunDevice back) {
        return back.write(Pointer.nativeValue(icmp), fragNeeded(p, n));
    }

    /** Builds that ICMP packet (behind the device's header bytes) from the packet at {@code p}; its length. */
    int fragNeeded(Pointer p, int n) {
        int ihl = (p.getByte(header) & 0xF) * 4;
        int quote = Math.min(n - header, ihl + QUOTE_PAYLOAD);
        int total = IP_HEADER + ICMP_HEADER + quote;
        icmp.clear();
        long ip = header;
        icmp.setByte(ip, (byte) 0x45);
        icmp.setByte(ip + 1, (byte) 0xC0); // internetwork control, as routers send ICMP
        putShort(ip + 2, total);
        icmp.setByte(ip + 8, (byte) 64);
        icmp.setByte(ip + 9, (byte) 1); // ICMP
        icmp.write(ip + 12, p.getByteArray(header + 16, 4), 0, 4); // from the packet's destination
        icmp.write(ip + 16, p.getByteArray(header + 12, 4), 0, 4); // to its source
        putShort(ip + 10, checksum(ip, IP_HEADER));
        long m = ip + IP_HEADER;
        icmp.setByte(m, (byte) 3); // destination unreachable
        icmp.setByte(m + 1, (byte) 4); // fragmentation needed and DF set
        putShort(m + 6, pathMtu);
        icmp.write(m + ICMP_HEADER, p.getByteArray(header, quote), 0, quote);
        putShort(m + 2, checksum(m, ICMP_HEADER + quote));
        return header + total;
    }

    /** The ICMP packet {@link #fragNeeded} built. */
    Pointer icmp() {
        return icmp;
    }

    private void putShort(long at, int v) {
        icmp.setByte(at, (byte) (v >> 8));
        icmp.setByte(at + 1, (byte) v);
    }

    /** The Internet checksum (RFC 1071) of {@code length} bytes of the ICMP buffer from {@code at}. */
    int checksum(long at, int length) {
        long sum = 0;
        for (int i = 0; i + 1 < length; i += 2) {
            sum += (icmp.getByte(at + i) & 0xFF) << 8 | icmp.getByte(at + i + 1) & 0xFF;
        }
        if ((length & 1) == 1) {
            sum += (icmp.getByte(at + length - 1) & 0xFF) << 8;
        }
        while ((sum >> 16) != 0) {
            sum = (sum & 0xFFFF) + (sum >> 16);
        }
        return (int) (~sum & 0xFFFF);
    }
}
