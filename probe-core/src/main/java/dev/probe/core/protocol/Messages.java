package dev.probe.core.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.JsonFields;
import dev.probe.core.params.TestParams;
import dev.probe.core.tcp.TcpInfo;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The control messages of protocol v1 as records, each with its JSON form. Readers validate type and range
 * of every field they use; unknown fields are ignored so later versions can add some.
 */
public final class Messages {
    /** 128-bit random ids and nonces, as 32 lower-case hex digits. */
    public static final Pattern ID = Pattern.compile("[0-9a-f]{32}");
    private static final Pattern TEXT = Pattern.compile("[\\p{Print}\\t]{0,1024}");
    private static final Pattern KIND = Pattern.compile("test|bulk");
    private static final Pattern STORAGE = Pattern.compile("files|discard");
    private static final Pattern MAC = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern CONGESTION = Pattern.compile("[a-z0-9_]{1,15}");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long MAX_COUNT = Long.MAX_VALUE / 2;

    private Messages() {
    }

    /** A fresh random id or nonce. */
    public static String randomId() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /**
     * Client to server, first frame of a test ({@code kind} "test", sync/async) or of a bulk run ("bulk"): exactly
     * one of {@code test} and {@code bulk} is set. The nonce leaves room for an authentication step.
     */
    public record Hello(int protocolVersion, String clientNonce, TestParams test, BulkParams bulk) {
        public Hello {
            if ((test == null) == (bulk == null)) {
                throw new IllegalArgumentException("HELLO carries either test or bulk parameters");
            }
        }

        public Hello(int protocolVersion, String clientNonce, TestParams test) {
            this(protocolVersion, clientNonce, test, null);
        }

        public Hello(int protocolVersion, String clientNonce, BulkParams bulk) {
            this(protocolVersion, clientNonce, null, bulk);
        }

        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("protocol", protocolVersion);
            n.put("client_nonce", clientNonce);
            n.put("kind", test != null ? "test" : "bulk");
            n.set("params", test != null ? test.toJson() : bulk.toJson());
            return new ControlFrame(FrameType.HELLO, n);
        }

        public static Hello from(ObjectNode n) {
            int protocol = JsonFields.requireInt(n, "protocol", 0, 255);
            String nonce = JsonFields.requireString(n, "client_nonce", ID);
            String kind = n.has("kind") ? JsonFields.requireString(n, "kind", KIND) : "test";
            ObjectNode params = JsonFields.requireObject(n, "params");
            return kind.equals("test") ? new Hello(protocol, nonce, TestParams.fromJson(params))
                    : new Hello(protocol, nonce, BulkParams.fromJson(params));
        }
    }

    /**
     * Server to client: the test is accepted; buffers are what the server's OS granted; {@code storage} says
     * how a bulk run's pieces are kept ("files" or "discard"; null for tests); {@code serverProof} is the server's
     * half of the mutual authentication (null without a secret).
     */
    public record Ready(String sessionId, String serverNonce, int sndbuf, int rcvbuf, String server, String storage,
                        String serverProof) {
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
            if (serverProof != null) {
                n.put("server_proof", serverProof);
            }
            return new ControlFrame(FrameType.READY, n);
        }

        public static Ready from(ObjectNode n) {
            return new Ready(JsonFields.requireString(n, "session_id", ID),
                    JsonFields.requireString(n, "server_nonce", ID),
                    JsonFields.requireInt(n, "sndbuf", 0, Integer.MAX_VALUE),
                    JsonFields.requireInt(n, "rcvbuf", 0, Integer.MAX_VALUE),
                    JsonFields.requireString(n, "server", TEXT),
                    n.has("storage") ? JsonFields.requireString(n, "storage", STORAGE) : null,
                    n.has("server_proof") ? JsonFields.requireString(n, "server_proof", MAC) : null);
        }
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
            return new Join(JsonFields.requireString(n, "session_id", ID),
                    JsonFields.requireInt(n, "index", 1, BulkParams.MAX_CHANNELS - 1),
                    JsonFields.requireString(n, "client_nonce", ID));
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
            return new Challenge(JsonFields.requireString(n, "server_nonce", ID));
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
            return new AuthAnswer(JsonFields.requireString(n, "mac", MAC));
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
            return new Joined(JsonFields.requireInt(n, "sndbuf", 0, Integer.MAX_VALUE),
                    JsonFields.requireInt(n, "rcvbuf", 0, Integer.MAX_VALUE),
                    n.has("server_proof") ? JsonFields.requireString(n, "server_proof", MAC) : null);
        }
    }

    /** Client to server: the sender's counts for this connection; no more data follows. */
    public record End(long bytesSent, long messagesSent) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("bytes_sent", bytesSent);
            n.put("messages_sent", messagesSent);
            return new ControlFrame(FrameType.END, n);
        }

        public static End from(ObjectNode n) {
            return new End(JsonFields.requireLong(n, "bytes_sent", 0, MAX_COUNT),
                    JsonFields.requireLong(n, "messages_sent", 0, MAX_COUNT));
        }
    }

    /**
     * Server to client: the server's counts for this connection. {@code measured*} count from the MARK (or the
     * first data byte without warm-up) to END: the receiver's goodput window. Bulk runs add the bytes and pieces
     * the server sent (restore) or completed (backup), and the server socket's TCP_INFO (null where unavailable).
     */
    public record Result(long bytesReceived, long messagesReceived, long measuredBytes, long measuredNanos,
                         long bytesSent, long pieces, TcpInfo serverTcp, String serverCongestion) {
        public Result(long bytesReceived, long messagesReceived, long measuredBytes, long measuredNanos) {
            this(bytesReceived, messagesReceived, measuredBytes, measuredNanos, 0, 0, null, null);
        }

        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("bytes_received", bytesReceived);
            n.put("messages_received", messagesReceived);
            n.put("measured_bytes", measuredBytes);
            n.put("measured_ns", measuredNanos);
            n.put("bytes_sent", bytesSent);
            n.put("pieces", pieces);
            if (serverTcp != null) {
                ObjectNode t = n.putObject("tcp");
                t.put("rtt_us", serverTcp.rttUs());
                t.put("min_rtt_us", serverTcp.minRttUs());
                t.put("cwnd", serverTcp.sndCwnd());
                t.put("mss", serverTcp.sndMss());
                t.put("total_retrans", serverTcp.totalRetrans());
                t.put("segs_out", serverTcp.segsOut());
                t.put("bytes_retrans", serverTcp.bytesRetrans());
                if (serverCongestion != null) {
                    t.put("congestion", serverCongestion);
                }
            }
            return new ControlFrame(FrameType.RESULT, n);
        }

        public static Result from(ObjectNode n) {
            TcpInfo tcp = null;
            String congestion = null;
            if (n.has("tcp")) {
                ObjectNode t = JsonFields.requireObject(n, "tcp");
                tcp = new TcpInfo(JsonFields.requireLong(t, "rtt_us", 0, MAX_COUNT),
                        JsonFields.requireLong(t, "min_rtt_us", 0, MAX_COUNT),
                        JsonFields.requireLong(t, "cwnd", 0, MAX_COUNT), JsonFields.requireLong(t, "mss", 0, MAX_COUNT),
                        JsonFields.requireLong(t, "total_retrans", 0, MAX_COUNT),
                        JsonFields.requireLong(t, "segs_out", 0, MAX_COUNT),
                        JsonFields.requireLong(t, "bytes_retrans", 0, MAX_COUNT));
                congestion = t.has("congestion") ? JsonFields.requireString(t, "congestion", CONGESTION) : null;
            }
            return new Result(JsonFields.requireLong(n, "bytes_received", 0, MAX_COUNT),
                    JsonFields.requireLong(n, "messages_received", 0, MAX_COUNT),
                    JsonFields.requireLong(n, "measured_bytes", 0, MAX_COUNT),
                    JsonFields.requireLong(n, "measured_ns", 0, MAX_COUNT),
                    optionalCount(n, "bytes_sent"), optionalCount(n, "pieces"), tcp, congestion);
        }
    }

    /** Client to server, bulk: piece {@code piece} of {@code length} bytes follows (backup) or is requested (restore). */
    public record Piece(long piece, long length) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("piece", piece);
            n.put("length", length);
            return new ControlFrame(FrameType.PIECE, n);
        }

        public static Piece from(ObjectNode n) {
            return new Piece(JsonFields.requireLong(n, "piece", 0, MAX_COUNT),
                    JsonFields.requireLong(n, "length", 1, BulkParams.MAX_PIECE));
        }
    }

    /** Server to client, bulk backup: piece received whole ({@code verified} when its CRC32C checks passed). */
    public record PieceDone(long piece, long bytes, boolean verified) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("piece", piece);
            n.put("bytes", bytes);
            n.put("verified", verified);
            return new ControlFrame(FrameType.PIECE_DONE, n);
        }

        public static PieceDone from(ObjectNode n) {
            return new PieceDone(JsonFields.requireLong(n, "piece", 0, MAX_COUNT),
                    JsonFields.requireLong(n, "bytes", 0, BulkParams.MAX_PIECE),
                    JsonFields.requireBoolean(n, "verified"));
        }
    }

    private static long optionalCount(ObjectNode n, String field) {
        return n.has(field) ? JsonFields.requireLong(n, field, 0, MAX_COUNT) : 0;
    }

    /** Server to client: a refusal or a fault; {@code code} says which limit or rule. */
    public record ErrorReply(ErrorCode code, String message) {
        /** Keeps the message printable and short enough for the peer's checks. */
        public ErrorReply {
            String m = message == null ? "" : message.replaceAll("[^\\p{Print}\\t]", " ");
            message = m.length() > 1000 ? m.substring(0, 1000) + "..." : m;
        }

        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("code", code.name());
            n.put("message", message);
            return new ControlFrame(FrameType.ERROR, n);
        }

        public static ErrorReply from(ObjectNode n) {
            String code = JsonFields.requireString(n, "code", Pattern.compile("[A-Z_]{1,32}"));
            return new ErrorReply(ErrorCode.parse(code), JsonFields.requireString(n, "message", TEXT));
        }
    }

    /** Why the server refused or ended a test. */
    public enum ErrorCode {
        BAD_PARAMETER, LIMIT, UNKNOWN_SESSION, PROTOCOL, AUTH, INTEGRITY, INTERNAL;

        static ErrorCode parse(String s) {
            for (ErrorCode c : values()) {
                if (c.name().equals(s)) {
                    return c;
                }
            }
            return INTERNAL;
        }
    }
}
