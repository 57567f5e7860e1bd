package dev.probe.core.protocol;

import io.netty.handler.codec.CorruptedFrameException;

/** A peer broke the wire protocol; the message names the bad value. The connection is dropped. */
public final class ProtocolException extends CorruptedFrameException {
    public ProtocolException(String message) {
        super(message);
    }
}
