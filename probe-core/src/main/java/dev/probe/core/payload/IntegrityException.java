package dev.probe.core.payload;

/** Received content is not what was sent; the message names the piece, channel, chunk and offset. */
public final class IntegrityException extends RuntimeException {
    public IntegrityException(String message) {
        super(message);
    }
}
