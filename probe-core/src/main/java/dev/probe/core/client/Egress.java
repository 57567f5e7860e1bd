package dev.probe.core.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Json;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Map;

/**
 * Which interface a client's connections leave by and in which class: the source address ({@code --bind}, so a
 * test takes the Data Guard or backup network, not whatever the routing table picks) and the DSCP its packets carry
 * ({@code --dscp}, the class redo is given on the path). Checked once, before any traffic.
 *
 * @param bind the local address to connect from, or null for the OS's choice
 * @param dscp the DiffServ code point 0..63 (IP TOS = dscp << 2), or -1 to leave the OS default
 * @param mss  0, or the MSS set with TCP_MAXSEG before connecting ({@link #MIN_MSS}..{@link #MAX_MSS}): the largest
 *             segment the connection sends and asks its peer for, so its largest IP packet is {@code mss + 40}; a
 *             path-MTU probe's connection, which also closes with a reset (SO_LINGER 0) so that one whose data is
 *             stuck on the path frees the server at once
 */
public record Egress(InetAddress bind, int dscp, int mss) {

    /** The OS's choice of interface and class. */
    public static final Egress DEFAULT = new Egress(null, -1, 0);
    /** Linux's TCP_MIN_MSS. */
    public static final int MIN_MSS = 88;
    /** Linux's largest TCP_MAXSEG (MAX_TCP_WINDOW). */
    public static final int MAX_MSS = 32_767;
    /** The code points by their RFC names (RFC 2474, 2597, 3246, 5865). */
    private static final Map<String, Integer> NAMES = Map.ofEntries(Map.entry("EF", 46), Map.entry("VA", 44),
            Map.entry("CS0", 0), Map.entry("CS1", 8), Map.entry("CS2", 16), Map.entry("CS3", 24),
            Map.entry("CS4", 32), Map.entry("CS5", 40), Map.entry("CS6", 48), Map.entry("CS7", 56),
            Map.entry("AF11", 10), Map.entry("AF12", 12), Map.entry("AF13", 14), Map.entry("AF21", 18),
            Map.entry("AF22", 20), Map.entry("AF23", 22), Map.entry("AF31", 26), Map.entry("AF32", 28),
            Map.entry("AF33", 30), Map.entry("AF41", 34), Map.entry("AF42", 36), Map.entry("AF43", 38));

    public Egress {
        if (dscp < -1 || dscp > 63) {
            throw new BadParameterException("dscp", dscp + " is out of range [0, 63] (a DSCP, not a TOS byte)");
        }
        if (mss != 0 && (mss < MIN_MSS || mss > MAX_MSS)) {
            throw new BadParameterException("mss", mss + " is out of range [" + MIN_MSS + ", " + MAX_MSS + "]");
        }
    }

    /** From {@code bind} with {@code dscp}, segments as the interfaces allow. */
    public Egress(InetAddress bind, int dscp) {
        this(bind, dscp, 0);
    }

    /** This route with its segments clamped to {@code newMss} (TCP_MAXSEG; 0: as the interfaces allow). */
    public Egress withMss(int newMss) {
        return new Egress(bind, dscp, newMss);
    }

    /**
     * From the command line: {@code bind} an address of this host (or null), {@code dscp} a number 0..63 or a name
     * such as EF or AF41 (or null); each refusal names its flag and value.
     */
    public static Egress parse(String bind, String dscp) {
        return new Egress(bind == null ? null : localAddress("bind", bind), dscp == null ? -1 : dscp("dscp", dscp));
    }

    /** The IP TOS byte for {@link #dscp}, or -1. */
    public int tos() {
        return dscp < 0 ? -1 : dscp << 2;
    }

    /** "from 10.1.2.3, DSCP 46 (EF)"-style words for a header, "" for the OS's choice. */
    public String describe() {
        String from = bind == null ? "" : "from " + bind.getHostAddress();
        String cls = dscp < 0 ? "" : "DSCP " + dscp + NAMES.entrySet().stream().filter(e -> e.getValue() == dscp)
                .map(e -> " (" + e.getKey() + ")").findFirst().orElse("");
        return from.isEmpty() ? cls : cls.isEmpty() ? from : from + ", " + cls;
    }

    /**
     * The route as a result records it: {@code bind} and {@code dscp} as asked (null for the OS's choice), and
     * {@code syn_dscp_seen}, the DSCP the server saw on this run's SYN ({@code synTos} from READY, -1: unknown).
     */
    public ObjectNode toJson(int synTos) {
        ObjectNode n = Json.object();
        if (bind == null) {
            n.putNull("bind");
        } else {
            n.put("bind", bind.getHostAddress());
        }
        if (dscp < 0) {
            n.putNull("dscp");
        } else {
            n.put("dscp", dscp);
        }
        if (synTos >= 0) {
            n.put("syn_dscp_seen", synTos >> 2);
        }
        return n;
    }

    /**
     * A DSCP as typed for {@code flag}: a number 0..63 or a name such as EF or AF41; a refusal names the flag.
     */
    public static int dscp(String flag, String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        Integer named = NAMES.get(t);
        if (named != null) {
            return named;
        }
        try {
            int v = Integer.decode(t);
            if (v < 0 || v > 63) {
                throw new BadParameterException(flag, "'" + text + "' is out of range [0, 63] (a DSCP; the TOS byte "
                        + "is DSCP x 4)");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new BadParameterException(flag, "'" + text + "' is not a DSCP: a number 0..63 or a name such as "
                    + "EF, AF41, CS6");
        }
    }

    /** {@code text} as an address of this host (any, loopback, or one an interface has); a refusal names {@code flag}. */
    public static InetAddress localAddress(String flag, String text) {
        InetAddress a;
        try {
            a = InetAddress.getByName(text.trim());
        } catch (UnknownHostException e) {
            throw new BadParameterException(flag, "'" + text + "' is not an address or a name this host resolves");
        }
        try {
            if (!a.isAnyLocalAddress() && !a.isLoopbackAddress() && NetworkInterface.getByInetAddress(a) == null) {
                throw new BadParameterException(flag, a.getHostAddress() + " is not an address of this host "
                        + "('ip -brief address' lists them)");
            }
        } catch (SocketException e) {
            throw new BadParameterException(flag, "cannot list this host's addresses: " + e.getMessage());
        }
        return a;
    }
}
