package dev.probe.core.pathmtu;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import java.util.Locale;

/**
 * What one direction of a path carries, as {@link PathMtuProbe} found it: full-size packets; a smaller path MTU TCP
 * learned from ICMP "fragmentation needed" (a warning); a black hole, where packets over the path MTU vanish
 * without ICMP and a stream stalls (a failure, with the largest size that passes); a path that stalls even at the
 * smallest size (not the MTU); or not checked, and why.
 *
 * @param towardServer the client sends (primary to standby in qualify), else the server sends
 * @param status       what was found
 * @param senderMtu    the sending end's interface MTU (0: unknown)
 * @param largest      the largest IP packet that passed (the learned path MTU, the black hole's edge), 0: none
 * @param mtuProbing   both ends' {@code net.ipv4.tcp_mtu_probing}: "1 on the sender, 0 on the receiver" ("?" unknown)
 * @param probes       connections the search used
 * @param seconds      how long it took
 * @param note         why it was not checked, or what else was seen; null when nothing
 */
public record PathMtu(boolean towardServer, Status status, int senderMtu, int largest, String mtuProbing, int probes,
        double seconds, String note) {
    /** What one direction's search found. */
    public enum Status { FULL, LEARNED, BLACK_HOLE, STALLED, UNCHECKED }

    /** The TCP and IP headers between a segment's payload and its packet (options count in the MSS). */
    public static final int HEADERS = 40;

    /** True when the stream would stall: a black hole, or a path that stalls at any size. */
    public boolean stalls() {
        return status == Status.BLACK_HOLE || status == Status.STALLED;
    }

    /**
     * One line for a console or a verdict, the direction named by {@code way} ("the primary to standby", "both
     * ways") and its sender by {@code from} ("the primary", "each host"): what passes, and for a black hole or a
     * learned MTU what to do.
     */
    public String describe(String way, String from) {
        int mss = largest - HEADERS;
        return switch (status) {
            case FULL -> String.format(Locale.ROOT, "%s: packets of %d bytes pass (%s)", way, largest,
                    senderMtu > largest ? "the largest a probe sends" : "the ends' interface MTU");
            case LEARNED -> String.format(Locale.ROOT, "%s: path MTU %d, below %s's interface MTU %d; ICMP "
                    + "'fragmentation needed' comes back, so TCP learned it and the stream uses %d-byte packets (each new "
                    + "connection's first full-size segments are sent twice; where a firewall drops that ICMP the same "
                    + "hosts meet a black hole: set MTU %d on both Data Guard interfaces)", way, largest,
                    from, senderMtu, largest, largest);
            case BLACK_HOLE -> String.format(Locale.ROOT, "%s: path MTU %d with ICMP blocked: segments over %d bytes "
                    + "are lost without an error (%s sends %d-byte packets; the handshake and small messages pass, "
                    + "full-size segments vanish and the stream stalls, as Oracle Net hangs right after login). Fix the "
                    + "path (let ICMP type 3 code 4 through) or set MTU %d on both hosts' Data Guard interfaces, or "
                    + "clamp the MSS to %d on the path; sysctl -w net.ipv4.tcp_mtu_probing=1 on both hosts (now %s) "
                    + "lets Linux find it after a stall of seconds per connection; an Oracle Net SDU of %d or less "
                    + "avoids the hang at login, not a stalled redo stream", way, largest, largest, from, senderMtu,
                    largest, mss, mtuProbing, mss);
            case STALLED -> String.format(Locale.ROOT, "%s: the stream stalls even with %d-byte packets while the "
                    + "handshake passes: not the MTU (a firewall that drops data after the login, a broken route "
                    + "back)", way, largest == 0 ? PathMtuProbe.MIN_PACKET : largest);
            case UNCHECKED -> way + ": path MTU not checked: " + note;
        };
    }

    /** A few words for a table cell: what was found, without the advice. */
    public String brief() {
        return switch (status) {
            case FULL -> "full-size packets pass";
            case LEARNED -> "path MTU " + largest + ", learned from ICMP 'fragmentation needed' (a warning)";
            case BLACK_HOLE -> "a black hole: ICMP blocked, packets over " + largest + " bytes vanish";
            case STALLED -> "stalls at every size after the handshake: not the MTU";
            case UNCHECKED -> "not checked: " + note;
        };
    }

    /** The document's form: status, sizes, probes and time. */
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("status", status.name().toLowerCase(Locale.ROOT));
        n.put("sender_mtu", senderMtu);
        n.put("largest_packet", largest);
        n.put("tcp_mtu_probing", mtuProbing);
        n.put("probes", probes);
        n.put("seconds", Math.round(seconds * 1000) / 1000.0);
        n.put("brief", brief());
        if (note != null) {
            n.put("note", note);
        }
        return n;
    }
}
