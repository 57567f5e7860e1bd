package dev.probe.core.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A control frame: its type and its JSON body (at most 8 KiB on the wire), and, for one decoded from the wire, the
 * body's bytes as they were sent (what an AUTH's MAC covers; null for a frame made here, sent as {@link Json#bytes}
 * writes its body).
 */
public record ControlFrame(FrameType type, ObjectNode body, byte[] sent) {
    public ControlFrame {
        if (!type.isJson()) {
            throw new IllegalArgumentException(type + " is not a control frame");
        }
    }

    /** A frame made here: its body is sent as {@link Json#bytes} writes it. */
    public ControlFrame(FrameType type, ObjectNode body) {
        this(type, body, null);
    }

    /** The body's bytes on the wire: as received for a decoded frame, as they will be written for one made here. */
    public byte[] wireBody() {
        return sent != null ? sent : Json.bytes(body);
    }
}
