package dev.probe.core.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.tcp.HostSettings;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The handshake messages of protocol v1: HELLO / READY open a session, JOIN / JOINED add a connection to it,
 * CHALLENGE / AUTH prove the shared secret (see {@link Auth}). Readers check type and range of every field they use;
 * unknown fields are ignored so later versions can add some.
 */
public final class Handshake {
    /** 128-bit random ids and nonces, as 32 lower-case hex digits. */
    public static final Pattern ID = Pattern.compile("[0-9a-f]{32}");
    private static final Pattern KIND = Pattern.compile("[a-z]{1,16}");
    private static final Pattern STORAGE = Pattern.compile("files|discard");
    private static final SecureRandom RANDOM = new SecureRandom();

    private Handshake() {
    }

    /** A fresh random id or nonce. */
    public static String randomId() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /**
     * Client to server, first frame of a session: {@code kind} names what the session runs ("test" for sync/async,
     * "bulk"), {@code params} are its parameters, parsed by the server's session kind of that name. The nonce
     * leaves room for an authentication step.
     */
    public record Hello(int protocolVersion, String clientNonce, String kind, ObjectNode params) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("protocol", protocolVersion);
            n.put("client_nonce", clientNonce);
            n.put("kind", kind);
            n.set("params", params);
            return new ControlFrame(FrameType.HELLO, n);
        }

        /** Reads a HELLO; {@code kind} defaults to "test" (the first clients sent none). */
        public static Hello from(ObjectNode n) {
            int protocol = Json.requireInt(n, "protocol", 0, 255);
            String nonce = Json.requireString(n, "client_nonce", ID);
            String kind = n.has("kind") ? Json.requireString(n, "kind", KIND) : "test";
            return new Hello(protocol, nonce, kind, Json.requireObject(n, "params"));
        }
    }

    /**
     * Server to client: the test is accepted; buffers are what the server's OS granted; {@code storage} says
     * how a bulk run's pieces are kept ("files" or "discard"; null for tests); {@code content}, when the server
     * decides what the data is (a restore of a stored run: the stored run's payload and salt), says so, else null;
     * {@code serverProof} is the server's half of the mutual authentication (null without a secret); {@code host}
     * the server host's TCP settings (null from a server that does not send them).
     */
    public record Ready(String sessionId, String serverNonce, int sndbuf, int rcvbuf, String server, String storage,
            ObjectNode content, String serverProof, int synTos, HostSettings host, long timeUs) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("session_id", sessionId);
            n.put("server_nonce", serverNonce);
            n.put("sndbuf", sndbuf);
            n.put("rcvbuf", rcvbuf);
            n.put("server", server);
            if (storage != null) {
                n.put("storage", storage);
            }
            if (content != null) {
                n.set("content", content);
            }
            if (serverProof != null) {
                n.put("server_proof", serverProof);
            }
            if (synTos >= 0) {
                n.put("syn_tos", synTos);
            }
            if (host != null) {
                n.set("host", hostJson(host));
            }
            if (timeUs > 0) {
                n.put("time_us", timeUs);
            }
            return new ControlFrame(FrameType.READY, n);
        }

        public static Ready from(ObjectNode n) {
            return new Ready(Json.requireString(n, "session_id", ID),
                    Json.requireString(n, "server_nonce", ID),
                    Json.requireInt(n, "sndbuf", 0, Integer.MAX_VALUE),
                    Json.requireInt(n, "rcvbuf", 0, Integer.MAX_VALUE),
                    Json.requireString(n, "server", Frames.TEXT),
                    n.has("storage") ? Json.requireString(n, "storage", STORAGE) : null,
                    n.has("content") ? Json.requireObject(n, "content") : null,
                    n.has("server_proof") ? Json.requireString(n, "server_proof", Frames.MAC) : null,
                    n.has("syn_tos") ? Json.requireInt(n, "syn_tos", 0, 255) : -1,
                    n.has("host") ? hostFrom(Json.requireObject(n, "host")) : null,
                    n.has("time_us") ? Json.requireLong(n, "time_us", 1, MAX_TIME_US) : 0);
        }
    }

    /** The latest wall clock READY may carry, microseconds since the epoch (the year 2255). */
    public static final long MAX_TIME_US = 9_000_000_000_000_000L;

    /** A host's TCP settings as READY and result documents carry them; unknown values are left out. */
    public static ObjectNode hostJson(HostSettings h) {
        ObjectNode n = Json.object();
        if (h.rmemMax() >= 0) {
            n.put("rmem_max", h.rmemMax());
        }
        if (h.wmemMax() >= 0) {
            n.put("wmem_max", h.wmemMax());
        }
        putText(n, "tcp_rmem", h.tcpRmem());
        putText(n, "tcp_wmem", h.tcpWmem());
        putText(n, "congestion", h.congestion());
        putText(n, "qdisc", h.qdisc());
        if (h.mtuProbing() >= 0) {
            n.put("mtu_probing", h.mtuProbing());
        }
        if (h.interfaceMtu() > 0) {
            n.put("interface_mtu", h.interfaceMtu());
        }
        return n;
    }

    /** {@link #hostJson}'s form read back, every value bounded. */
    public static HostSettings hostFrom(ObjectNode n) {
        return new HostSettings(n.has("rmem_max") ? Json.requireLong(n, "rmem_max", 0, Frames.MAX_COUNT) : -1,
                n.has("wmem_max") ? Json.requireLong(n, "wmem_max", 0, Frames.MAX_COUNT) : -1,
                optionalText(n, "tcp_rmem", HostSettings.TRIPLE), optionalText(n, "tcp_wmem", HostSettings.TRIPLE),
                optionalText(n, "congestion", HostSettings.NAME), optionalText(n, "qdisc", HostSettings.NAME),
                n.has("mtu_probing") ? Json.requireInt(n, "mtu_probing", 0, 2) : -1,
                n.has("interface_mtu") ? Json.requireInt(n, "interface_mtu", 0, 1 << 20) : 0);
    }

    private static void putText(ObjectNode n, String field, String value) {
        if (value != null) {
            n.put(field, value);
        }
    }

    private static String optionalText(ObjectNode n, String field, Pattern allowed) {
        return n.has(field) ? Json.requireString(n, field, allowed) : null;
    }

    /** Client to server: adds connection {@code index} (1-based after the first) to a session. */
    public record Join(String sessionId, int index, String clientNonce) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("session_id", sessionId);
            n.put("index", index);
            n.put("client_nonce", clientNonce);
            return new ControlFrame(FrameType.JOIN, n);
        }

        public static Join from(ObjectNode n) {
            return new Join(Json.requireString(n, "session_id", ID),
                    Json.requireInt(n, "index", 1, Frames.MAX_CONNECTIONS - 1),
                    Json.requireString(n, "client_nonce", ID));
        }
    }

    /** Server to client: authenticate; {@code serverNonce} is fresh for this connection. */
    public record Challenge(String serverNonce) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("server_nonce", serverNonce);
            return new ControlFrame(FrameType.CHALLENGE, n);
        }

        public static Challenge from(ObjectNode n) {
            return new Challenge(Json.requireString(n, "server_nonce", ID));
        }
    }

    /** Client to server: the HMAC answer to a CHALLENGE (see {@link Auth}). */
    public record AuthAnswer(String mac) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("mac", mac);
            return new ControlFrame(FrameType.AUTH, n);
        }

        public static AuthAnswer from(ObjectNode n) {
            return new AuthAnswer(Json.requireString(n, "mac", Frames.MAC));
        }
    }

    /** Server to client: the connection joined; buffers as granted; the server's proof when authenticated. */
    public record Joined(int sndbuf, int rcvbuf, String serverProof) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("sndbuf", sndbuf);
            n.put("rcvbuf", rcvbuf);
            if (serverProof != null) {
                n.put("server_proof", serverProof);
            }
            return new ControlFrame(FrameType.JOINED, n);
        }

        public static Joined from(ObjectNode n) {
            return new Joined(Json.requireInt(n, "sndbuf", 0, Integer.MAX_VALUE),
                    Json.requireInt(n, "rcvbuf", 0, Integer.MAX_VALUE),
                    n.has("server_proof") ? Json.requireString(n, "server_proof", Frames.MAC) : null);
        }
    }
}
