package dev.probe.core.server;

/**
 * Where a connection's control phase is, iperf3-style: waiting for HELLO or JOIN, waiting for the AUTH that
 * answers the server's CHALLENGE (with a shared secret), or handed to the session's data handler.
 */
enum HandshakeState {
    AWAIT_REQUEST("HELLO or JOIN"),
    AWAIT_AUTH("AUTH"),
    SERVING("nothing");

    private final String expected;

    HandshakeState(String expected) {
        this.expected = expected;
    }

    /** The frame this state expects, for error messages. */
    String expected() {
        return expected;
    }
}
