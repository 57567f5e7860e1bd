package dev.probe.core.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.JsonFields;
import dev.probe.core.params.TestParams;
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

    /** Client to server, first frame of a test: the nonce leaves room for an authentication step. */
    public record Hello(int protocolVersion, String clientNonce, TestParams params) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("protocol", protocolVersion);
            n.put("client_nonce", clientNonce);
            n.set("params", params.toJson());
            return new ControlFrame(FrameType.HELLO, n);
        }

        public static Hello from(ObjectNode n) {
            return new Hello(JsonFields.requireInt(n, "protocol", 0, 255),
                    JsonFields.requireString(n, "client_nonce", ID),
                    TestParams.fromJson(JsonFields.requireObject(n, "params")));
        }
    }

    /** Server to client: the test is accepted; buffers are what the server's OS granted. */
    public record Ready(String sessionId, String serverNonce, int sndbuf, int rcvbuf, String server) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("session_id", sessionId);
            n.put("server_nonce", serverNonce);
            n.put("sndbuf", sndbuf);
            n.put("rcvbuf", rcvbuf);
            n.put("server", server);
            return new ControlFrame(FrameType.READY, n);
        }

        public static Ready from(ObjectNode n) {
            return new Ready(JsonFields.requireString(n, "session_id", ID),
                    JsonFields.requireString(n, "server_nonce", ID),
                    JsonFields.requireInt(n, "sndbuf", 0, Integer.MAX_VALUE),
                    JsonFields.requireInt(n, "rcvbuf", 0, Integer.MAX_VALUE),
                    JsonFields.requireString(n, "server", TEXT));
        }
    }

    /** Client to server: adds connection {@code index} (1-based after the first) to a session. */
    public record Join(String sessionId, int index) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("session_id", sessionId);
            n.put("index", index);
            return new ControlFrame(FrameType.JOIN, n);
        }

        public static Join from(ObjectNode n) {
            return new Join(JsonFields.requireString(n, "session_id", ID),
                    JsonFields.requireInt(n, "index", 1, TestParams.MAX_CONNECTIONS - 1));
        }
    }

    /** Server to client: the connection joined; buffers as granted. */
    public record Joined(int sndbuf, int rcvbuf) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("sndbuf", sndbuf);
            n.put("rcvbuf", rcvbuf);
            return new ControlFrame(FrameType.JOINED, n);
        }

        public static Joined from(ObjectNode n) {
            return new Joined(JsonFields.requireInt(n, "sndbuf", 0, Integer.MAX_VALUE),
                    JsonFields.requireInt(n, "rcvbuf", 0, Integer.MAX_VALUE));
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
     * Server to client: the receiver's counts for this connection. {@code measured*} count from the MARK
     * (or the first data byte without warm-up) to END: the receiver's goodput window.
     */
    public record Result(long bytesReceived, long messagesReceived, long measuredBytes, long measuredNanos) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("bytes_received", bytesReceived);
            n.put("messages_received", messagesReceived);
            n.put("measured_bytes", measuredBytes);
            n.put("measured_ns", measuredNanos);
            return new ControlFrame(FrameType.RESULT, n);
        }

        public static Result from(ObjectNode n) {
            return new Result(JsonFields.requireLong(n, "bytes_received", 0, MAX_COUNT),
                    JsonFields.requireLong(n, "messages_received", 0, MAX_COUNT),
                    JsonFields.requireLong(n, "measured_bytes", 0, MAX_COUNT),
                    JsonFields.requireLong(n, "measured_ns", 0, MAX_COUNT));
        }
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
        BAD_PARAMETER, LIMIT, UNKNOWN_SESSION, PROTOCOL, AUTH, INTERNAL;

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
