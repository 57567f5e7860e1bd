package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.tcp.TcpInfo;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Locale;

/**
 * TCP_INFO figures of the sending sockets for a window: smoothed RTT (largest over connections), retransmitted
 * segments in the window, retransmitted / sent segments, congestion window (summed), the algorithm, and the bytes
 * the peer has acknowledged since the connections opened (summed; what a transport lag is measured against), and
 * reordering: the events TCP detected in the window and how many segments out of order it now tolerates (0: not
 * read).
 */
public record TcpStats(double rttMs, double minRttMs, long retransmits, long segmentsSent, double retransmitRatio,
        long cwnd, long mss, String congestion, long bytesAcked, long pmtu, Limited limited,
        long reorderEvents, long reordering) {

    /** Linux's default {@code net.ipv4.tcp_reordering}: the degree TCP starts from before it sees reordering. */
    public static final long DEFAULT_REORDERING = 3;

    /** Figures without the reordering counters. */
    public TcpStats(double rttMs, double minRttMs, long retransmits, long segmentsSent, double retransmitRatio,
                    long cwnd, long mss, String congestion, long bytesAcked, long pmtu, Limited limited) {
        this(rttMs, minRttMs, retransmits, segmentsSent, retransmitRatio, cwnd, mss, congestion, bytesAcked, pmtu,
                limited, 0, 0);
    }

    /**
     * Whether the smoothed round trip (at the end, or through a step: {@link #withRtt}) stood above the lowest by
     * more than a quarter of it (and a millisecond): the queue a stream that fills its path builds. Null without
     * both round trips.
     */
    public Boolean queued() {
        if (!(minRttMs > 0) || !(rttMs > 0)) {
            return null;
        }
        return rttMs - minRttMs > Math.max(1, QUEUE_SHARE * minRttMs);
    }

    /** The share of the lowest round trip a queue adds before a stream counts as queued. */
    public static final double QUEUE_SHARE = 0.25;

    /** These figures with the smoothed round trip {@code ms} (a median over intervals, say) in place of this one. */
    public TcpStats withRtt(double ms) {
        return new TcpStats(ms, minRttMs, retransmits, segmentsSent, retransmitRatio, cwnd, mss, congestion, bytesAcked,
                pmtu, limited, reorderEvents, reordering);
    }

    /** These figures with bytes acknowledged unknown (0): read later than the time they are reported at. */
    public TcpStats withoutAcked() {
        return new TcpStats(rttMs, minRttMs, retransmits, segmentsSent, retransmitRatio, cwnd, mss, congestion, 0, pmtu,
                limited, reorderEvents, reordering);
    }

    /**
     * Shares of the window's busy time (data in flight) the sender was limited by the peer's receive window, by its
     * own send buffer, and by the network (congestion window, pacing, loss recovery: the rest); NaN where the
     * kernel keeps no such chronograph (before 4.9) or nothing was in flight.
     */
    public record Limited(double receiveWindow, double sendBuffer, double network) {

        static final Limited UNKNOWN = new Limited(Double.NaN, Double.NaN, Double.NaN);

        static Limited between(TcpInfo.Limits before, TcpInfo.Limits after) {
            long busy = after.busyUs() - before.busyUs();
            if (busy <= 0) {
                return UNKNOWN;
            }
            double rwnd = Math.min(1, Math.max(0, (after.rwndLimitedUs() - before.rwndLimitedUs()) / (double) busy));
            double sndbuf = Math.min(1 - rwnd, Math.max(0,
                    (after.sndbufLimitedUs() - before.sndbufLimitedUs()) / (double) busy));
            return new Limited(rwnd, sndbuf, 1 - rwnd - sndbuf);
        }

        public boolean known() {
            return !Double.isNaN(receiveWindow);
        }

        /** "receive window 64 %, send buffer 0 %, network 36 % of the time data was in flight". */
        public String describe() {
            return String.format(Locale.ROOT, "receive window %.0f %%, send buffer %.0f %%, network %.0f %% "
                    + "of the time data was in flight", 100 * receiveWindow, 100 * sendBuffer, 100 * network);
        }
    }

    /** Stats between two aggregated readings ({@code before} may be null for "since connect"). */
    public static TcpStats between(TcpInfo before, TcpInfo after, String congestion) {
        long retrans = after.totalRetrans() - (before == null ? 0 : before.totalRetrans());
        long segs = after.segsOut() - (before == null ? 0 : before.segsOut());
        if (retrans < 0 || segs < 0 || retrans > segs) {
            return null; // a peer's counters that ran backwards, or more retransmits than segments: not figures
        }
        double ratio = segs <= 0 ? Double.NaN : (double) retrans / segs;
        return new TcpStats(after.rttUs() / 1000.0, after.minRttUs() / 1000.0, retrans, segs, ratio,
                after.sndCwnd(), after.sndMss(), congestion, after.bytesAcked(), after.pmtu(),
                Limited.between(before == null ? TcpInfo.Limits.NONE : before.limits(), after.limits()),
                Math.max(0, after.reordSeen() - (before == null ? 0 : before.reordSeen())), after.reordering());
    }

    /**
     * Reordering events per segment sent below which nothing is said about the path. Loopback cannot reorder, yet
     * TCP counts a few events there: each sender's packets go to the receive backlog of the CPU it runs on, so when
     * the sending thread moves between CPUs, two batches are processed out of order (and a full backlog drops, which
     * is why they come with retransmits). The README's demo saw 3-16 events in 166-174 thousand segments (at most
     * 0.010 %); the lab overtaking 1 % of packets gave 276 in 105 thousand (0.26 %). 0.05 % sits five times from both.
     */
    public static final double REORDER_SHARE = 5e-4;

    /**
     * Whether {@code host} (a server a test reached) is this host itself: a loopback address or one of this host's
     * own. Such a connection crosses no network, so what TCP counts as reordering there is the host's (its CPUs'
     * receive backlogs), never a path's: a CI run's demo counted 106 events in 163,658 segments (0.065 %) on loopback
     * while two test JVMs loaded both cores.
     */
    public static boolean hostInternal(String host) {
        try {
            InetAddress a = InetAddress.getByName(host);
            return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** {@link #reorderingWarning()} for a connection to {@code host}: none where it never leaves this host. */
    public String reorderingWarning(String host) {
        return reorders() && !hostInternal(host) ? reorderingWarning() : null;
    }

    /** Whether TCP saw reordering in this window often enough to be the path's: {@link #REORDER_SHARE}. */
    public boolean reorders() {
        return reorderEvents > 0 && (segmentsSent <= 0 || reorderEvents >= REORDER_SHARE * segmentsSent);
    }

    /**
     * A line naming reordering when TCP saw it in this window as a path does ({@link #reorders}), null otherwise:
     * reordering read as loss shrinks the window (iperf issue 457), and ECMP paths of unequal length or a bond that
     * splits a flow are the usual causes.
     */
    public String reorderingWarning() {
        if (!reorders()) {
            return null;
        }
        String share = segmentsSent <= 0 ? "" : String.format(Locale.ROOT, " in %d segments (%.3f %%)",
                segmentsSent, 100.0 * reorderEvents / segmentsSent);
        return String.format(Locale.ROOT, "the path reorders segments: TCP saw %d reordering event%s%s and "
                + "now tolerates %d segments out of order (Linux starts from net.ipv4.tcp_reordering, %d by default); "
                + "reordering TCP reads as loss shrinks the window (ECMP paths of unequal length, a bond or a load "
                + "balancer that splits a flow)", reorderEvents, reorderEvents == 1 ? "" : "s", share, reordering,
                DEFAULT_REORDERING);
    }

    /**
     * A warning when the path MTU TCP settled on is below {@code interfaceMtu}, the MTU of the interface the
     * connection left by (jumbo frames that do not cross the path: the paper ran at both 9000 and 1500); null when
     * they agree or either is unknown.
     */
    public String pathMtuWarning(int interfaceMtu) {
        if (pmtu <= 0 || interfaceMtu <= 0 || pmtu + 64 >= interfaceMtu) {
            return null;
        }
        return String.format(Locale.ROOT, "path MTU %d is below this interface's MTU %d: the path does not "
                + "carry frames that large (a jumbo-frame setting that stops on the way; where ICMP is filtered, large "
                + "segments can vanish)", pmtu, interfaceMtu);
    }

    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("rtt_ms", rttMs);
        n.put("min_rtt_ms", minRttMs);
        n.put("retransmits", retransmits);
        n.put("segments_sent", segmentsSent);
        if (Double.isNaN(retransmitRatio)) {
            n.putNull("retransmit_ratio");
        } else {
            n.put("retransmit_ratio", retransmitRatio);
        }
        n.put("cwnd", cwnd);
        n.put("mss", mss);
        if (congestion != null) {
            n.put("congestion", congestion);
        }
        n.put("bytes_acked", bytesAcked);
        if (pmtu > 0) {
            n.put("pmtu", pmtu);
        }
        if (reordering > 0) {
            n.putObject("reordering").put("events", reorderEvents).put("degree", reordering);
        }
        if (limited != null && limited.known()) {
            n.putObject("limited").put("receive_window", limited.receiveWindow())
                    .put("send_buffer", limited.sendBuffer()).put("network", limited.network());
        }
        return n;
    }
}
