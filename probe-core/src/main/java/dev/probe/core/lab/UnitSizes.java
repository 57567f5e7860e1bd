package dev.probe.core.lab;

import com.sun.jna.Pointer;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How many TCP segments each unit the link carried stood for: one per packet on a link without offloads; on a link
 * whose units are the sender's GSO aggregates, the aggregate's payload over its segment size (read from the
 * virtio-net header in front of it and the IPv4 and TCP headers: {@link VnetHeader}). Counted by the
 * one reader thread of a direction, read by anyone: the median and 90th percentile say what one loss draw dropped.
 */
final class UnitSizes {
    /** Sizes told apart: a 64 KiB aggregate at MSS 536 is 122 segments; larger ones are counted here. */
    static final int MAX = 128;
    private final AtomicLongArray counts = new AtomicLongArray(MAX + 1);

    /** Counts the unit of {@code n} bytes at {@code address} ({@code header}: the device's bytes in front). */
    void record(long address, int n, int header) {
        int s = header < VnetHeader.BYTES ? 1 : segments(new Pointer(address), n);
        int i = Math.min(Math.max(s, 1), MAX);
        counts.lazySet(i, counts.get(i) + 1);
    }

    /** The segments an IPv4 aggregate behind a virtio-net header becomes: 1 when it is not GSO or not IPv4. */
    static int segments(Pointer p, int n) {
        int gsoSize = VnetHeader.gsoSize(p);
        if (gsoSize == 0 || !VnetHeader.ipv4(p, VnetHeader.BYTES, n)) {
            return 1;
        }
        int payload = n - VnetHeader.BYTES - VnetHeader.ipTcpHeaders(p, VnetHeader.BYTES);
        return payload <= 0 ? 1 : (payload + gsoSize - 1) / gsoSize;
    }

    /** Units counted. */
    long units() {
        long n = 0;
        for (int i = 1; i <= MAX; i++) {
            n += counts.get(i);
        }
        return n;
    }

    /** The segments of the unit at {@code share} (0.5: the median) of all counted, by size; 0 when none. */
    int percentile(double share) {
        long total = units();
        if (total == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(share * total);
        long seen = 0;
        for (int i = 1; i <= MAX; i++) {
            seen += counts.get(i);
            if (seen >= rank) {
                return i;
            }
        }
        return MAX;
    }
}
