package dev.probe.core.server;

import dev.probe.core.protocol.Auth;
import io.netty.handler.ssl.SslContext;

/**
 * How a server protects its port: a shared secret (every connection must authenticate) and TLS; either may be
 * null. {@code tlsFingerprint} is the SHA-256 fingerprint of the server certificate, printed at start.
 */
public record ServerSecurity(Auth auth, SslContext tls, String tlsFingerprint) {
    public static ServerSecurity none() {
        return new ServerSecurity(null, null, null);
    }
}
