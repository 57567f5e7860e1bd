package dev.probe.core.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A decoded control frame: its type and its JSON body (at most 8 KiB on the wire). */
public record ControlFrame(FrameType type, ObjectNode body) {
    public ControlFrame {
        if (!type.isJson()) {
            throw new IllegalArgumentException(type + " is not a control frame");
        }
    }
}
