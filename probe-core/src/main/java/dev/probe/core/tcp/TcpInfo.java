package dev.probe.core.tcp;

/**
 * One reading of Linux {@code TCP_INFO} for a socket (the fields probe reports). Times in microseconds.
 *
 * @param rttUs         smoothed round-trip time
 * @param minRttUs      minimum RTT seen
 * @param sndCwnd       congestion window in segments
 * @param sndMss        sender MSS in bytes
 * @param totalRetrans  segments retransmitted over the connection's life
 * @param segsOut       segments sent (including retransmissions); 0 on kernels older than 4.2
 * @param bytesRetrans  bytes retransmitted; 0 on kernels older than 4.19
 * @param bytesAcked    bytes the peer's TCP has acknowledged over the connection's life; 0 before 4.1
 * @param pmtu          the path MTU TCP uses; 0 where unknown
 * @param limits        what held the sender back, over the connection's life ({@link Limits#NONE} before 4.9)
 * @param reordering    how many segments out of order TCP now tolerates before it calls one lost
 *                      ({@code tcpi_reordering}: {@code net.ipv4.tcp_reordering}, 3, until reordering is seen); 0
 *                      where not read
 * @param reordSeen     reordering events TCP detected over the connection's life ({@code tcpi_reord_seen}, 4.19+)
 */
public record TcpInfo(long rttUs, long minRttUs, long sndCwnd, long sndMss, long totalRetrans,
        long segsOut, long bytesRetrans, long bytesAcked, long pmtu, Limits limits, long reordering,
        long reordSeen) {
    /** A reading without the reordering counters (a peer that does not send them, a test). */
    public TcpInfo(long rttUs, long minRttUs, long sndCwnd, long sndMss, long totalRetrans, long segsOut,
                   long bytesRetrans, long bytesAcked, long pmtu, Limits limits) {
        this(rttUs, minRttUs, sndCwnd, sndMss, totalRetrans, segsOut, bytesRetrans, bytesAcked, pmtu, limits, 0, 0);
    }

    /**
     * The kernel's chronograph of a sender (Linux 4.9+): microseconds with data in flight ({@code busy}) and, of
     * those, limited by the peer's receive window or by this socket's send buffer; the rest is the network
     * (congestion window, pacing, loss recovery).
     */
    public record Limits(long busyUs, long rwndLimitedUs, long sndbufLimitedUs) {

        /** No chronograph (older kernel, or not read). */
        public static final Limits NONE = new Limits(0, 0, 0);

        Limits plus(Limits o) {
            return new Limits(busyUs + o.busyUs, rwndLimitedUs + o.rwndLimitedUs, sndbufLimitedUs + o.sndbufLimitedUs);
        }

        Limits minus(Limits o) {
            return new Limits(Math.max(0, busyUs - o.busyUs), Math.max(0, rwndLimitedUs - o.rwndLimitedUs),
                    Math.max(0, sndbufLimitedUs - o.sndbufLimitedUs));
        }
    }

    /**
     * Adds counters of two sockets (RTT, window and reordering degree keep the larger value, the path MTU the
     * smaller).
     */
    public TcpInfo plus(TcpInfo o) {
        return new TcpInfo(Math.max(rttUs, o.rttUs), Math.max(minRttUs, o.minRttUs), sndCwnd + o.sndCwnd,
                Math.max(sndMss, o.sndMss), totalRetrans + o.totalRetrans, segsOut + o.segsOut,
                bytesRetrans + o.bytesRetrans, bytesAcked + o.bytesAcked,
                pmtu == 0 ? o.pmtu : o.pmtu == 0 ? pmtu : Math.min(pmtu, o.pmtu), limits.plus(o.limits),
                Math.max(reordering, o.reordering), reordSeen + o.reordSeen);
    }

    /**
     * What happened since {@code before} on the same socket: its life-long counters less {@code before}'s (RTT,
     * window, MSS, path MTU and reordering degree as they are now). A sender that reports its window after a
     * warm-up does it this way.
     */
    public TcpInfo since(TcpInfo before) {
        return new TcpInfo(rttUs, minRttUs, sndCwnd, sndMss, Math.max(0, totalRetrans - before.totalRetrans),
                Math.max(0, segsOut - before.segsOut), Math.max(0, bytesRetrans - before.bytesRetrans),
                Math.max(0, bytesAcked - before.bytesAcked), pmtu, limits.minus(before.limits), reordering,
                Math.max(0, reordSeen - before.reordSeen));
    }
}
