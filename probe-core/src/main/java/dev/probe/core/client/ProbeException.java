package dev.probe.core.client;

import dev.probe.core.protocol.ErrorCode;

/** A test could not run or finish; {@link #kind()} says why, and the CLI maps it to an exit code. */
public final class ProbeException extends RuntimeException {
    /** Why a test failed. */
    public enum Kind { CONNECT, REFUSED, AUTH, PROTOCOL, LOST, TIMEOUT, INTEGRITY }

    private final Kind kind;

    public ProbeException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /** The exception for a server's ERROR frame. */
    public static ProbeException fromServer(ErrorCode code, String message) {
        switch (code) {
            case AUTH:
                return new ProbeException(Kind.AUTH, "server refused: " + message);
            case PROTOCOL:
                return new ProbeException(Kind.PROTOCOL, "server refused: " + message);
            case INTEGRITY:
                return new ProbeException(Kind.INTEGRITY, "server found corrupted data: " + message);
            default:
                return new ProbeException(Kind.REFUSED, "server refused: " + message);
        }
    }
}
