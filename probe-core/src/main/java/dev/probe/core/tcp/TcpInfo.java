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
 */
public record TcpInfo(long rttUs, long minRttUs, long sndCwnd, long sndMss, long totalRetrans,
                      long segsOut, long bytesRetrans, long bytesAcked) {
    /** Adds counters of two sockets (RTT and window fields keep the larger value). */
    public TcpInfo plus(TcpInfo o) {
        return new TcpInfo(Math.max(rttUs, o.rttUs), Math.max(minRttUs, o.minRttUs), sndCwnd + o.sndCwnd,
                Math.max(sndMss, o.sndMss), totalRetrans + o.totalRetrans, segsOut + o.segsOut,
                bytesRetrans + o.bytesRetrans, bytesAcked + o.bytesAcked);
    }
}
