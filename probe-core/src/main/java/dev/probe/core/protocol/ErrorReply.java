package dev.probe.core.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.regex.Pattern;

/** Server to client: a refusal or a fault; {@code code} says which limit or rule. */
public record ErrorReply(ErrorCode code, String message) {
    private static final Pattern CODE = Pattern.compile("[A-Z_]{1,32}");

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
        String code = Json.requireString(n, "code", CODE);
        return new ErrorReply(ErrorCode.parse(code), Json.requireString(n, "message", Frames.TEXT));
    }
}
