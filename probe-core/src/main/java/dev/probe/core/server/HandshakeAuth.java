package dev.probe.core.server;

import dev.probe.core.protocol.Auth;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Handshake.AuthAnswer;
import dev.probe.core.protocol.Handshake.Challenge;

/**
 * The shared-secret step of one connection's handshake (see {@link Auth}): the HELLO or JOIN held back unserved,
 * the CHALLENGE's fresh nonce, and the check of the client's AUTH, which yields the server's proof.
 */
final class HandshakeAuth {
    private final Auth auth;
    private ControlFrame pending;
    private String serverNonce;

    HandshakeAuth(Auth auth) {
        this.auth = auth;
    }

    /** Holds {@code request} back and returns the CHALLENGE to send. */
    ControlFrame challenge(ControlFrame request) {
        pending = request;
        serverNonce = Handshake.randomId();
        return new Challenge(serverNonce).frame();
    }

    /** The request held back. */
    ControlFrame pending() {
        return pending;
    }

    String serverNonce() {
        return serverNonce;
    }

    /** The server's proof when {@code answer} carries the right MAC for the held request, null otherwise. */
    String verify(ControlFrame answer) {
        String clientNonce = pending.body().path("client_nonce").asText("");
        String expected = auth.mac("client", pending, clientNonce, serverNonce);
        if (!Auth.same(expected, AuthAnswer.from(answer.body()).mac())) {
            return null;
        }
        return auth.mac("server", pending, clientNonce, serverNonce);
    }
}
