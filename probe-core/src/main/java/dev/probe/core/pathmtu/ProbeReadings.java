package dev.probe.core.pathmtu;

import dev.probe.core.result.TestResult;
import dev.probe.core.tcp.HostSettings;

/** What one probe's result says about its path: the largest packet its sender sent, each end's MTU and probing. */
final class ProbeReadings {
    /** The size assumed when neither end's interface MTU is known (a jumbo frame). */
    static final int JUMBO = 9000;

    private ProbeReadings() {
    }

    /**
     * The largest packet the sender sent: its path MTU (lowered by ICMP), or less where its segments were smaller
     * (the receiver, having learned the path MTU itself, asked for a smaller MSS): the MSS plus the headers and
     * the timestamp option (Linux's default); {@code hi} when TCP_INFO said nothing.
     */
    static int largestSent(TestResult r, int hi) {
        var tcp = r.summary().tcp();
        if (tcp == null) {
            return hi;
        }
        long pmtu = tcp.pmtu() > 0 ? tcp.pmtu() : hi;
        long mss = tcp.mss() > 0 ? tcp.mss() + PathMtu.HEADERS + TIMESTAMPS : hi;
        return (int) Math.min(hi, Math.min(pmtu, mss));
    }

    /**
     * The path MTU the sender's kernel learned (ICMP "fragmentation needed" lowered its packets below {@code hi}, to
     * no less than {@code least}); 0 where they went full size.
     */
    static int learned(TestResult r, int hi, int least) {
        int sent = largestSent(r, hi);
        return sent >= least && sent < hi ? sent : 0;
    }

    /** The TCP timestamp option's bytes in every segment (10, padded to 12). */
    private static final int TIMESTAMPS = 12;

    /** The interface MTU of the end that sends ({@code client}: this end), 0 when unknown. */
    static int mtu(TestResult r, boolean client) {
        HostSettings h = r == null ? null : client ? r.clientHost() : r.serverHost();
        return h == null ? 0 : h.interfaceMtu();
    }

    /** "sender/receiver" tcp_mtu_probing, "?" for an end that did not say. */
    static String probing(TestResult r, boolean towardServer) {
        HostSettings s = r == null ? null : towardServer ? r.clientHost() : r.serverHost();
        HostSettings d = r == null ? null : towardServer ? r.serverHost() : r.clientHost();
        return (s == null ? "?" : String.valueOf(s.mtuProbing())) + " on the sender, "
                + (d == null ? "?" : String.valueOf(d.mtuProbing())) + " on the receiver";
    }

    static int positive(int mtu) {
        return mtu > 0 ? mtu : JUMBO;
    }
}
