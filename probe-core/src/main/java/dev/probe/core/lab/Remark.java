package dev.probe.core.lab;

import com.sun.jna.Pointer;

/**
 * Rewrites the DSCP of an IP packet in place, as a router that re-marks does: IPv4's TOS byte (ECN bits kept, the
 * header checksum redone) or IPv6's traffic class. Anything else passes untouched.
 */
final class Remark {
    private Remark() {
    }

    /** Re-marks the packet of {@code length} bytes whose IP header starts at {@code address}. */
    static void apply(long address, int length, int dscp) {
        if (length < 20) {
            return;
        }
        Pointer p = new Pointer(address);
        int version = (p.getByte(0) & 0xff) >> 4;
        if (version == 4) {
            int ihl = (p.getByte(0) & 0x0f) * 4;
            if (ihl < 20 || ihl > length) {
                return;
            }
            p.setByte(1, (byte) ((dscp << 2) | (p.getByte(1) & 0x03)));
            p.setByte(10, (byte) 0);
            p.setByte(11, (byte) 0);
            int sum = checksum(p, ihl);
            p.setByte(10, (byte) (sum >> 8));
            p.setByte(11, (byte) sum);
        } else if (version == 6 && length >= 40) {
            int first = ((p.getByte(0) & 0xff) << 8) | (p.getByte(1) & 0xff);
            int ecn = (first >> 4) & 0x03;
            int tc = (dscp << 2) | ecn;
            first = (first & 0xf00f) | (tc << 4);
            p.setByte(0, (byte) (first >> 8));
            p.setByte(1, (byte) first);
        }
    }

    /** The IPv4 header checksum of {@code ihl} bytes (its checksum field zeroed): the 16-bit value to store. */
    static int checksum(Pointer p, int ihl) {
        long sum = 0;
        for (int i = 0; i < ihl; i += 2) {
            sum += ((p.getByte(i) & 0xff) << 8) | (p.getByte(i + 1) & 0xff);
        }
        while ((sum >> 16) != 0) {
            sum = (sum & 0xffff) + (sum >> 16);
        }
        return (int) (~sum & 0xffff);
    }
}
