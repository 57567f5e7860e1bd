package dev.probe.core.client;

import dev.probe.core.protocol.Auth;
import io.netty.handler.ssl.SslContext;

/** A client's shared secret (null = none) and TLS context (null = plaintext). */
public record ClientSecurity(Auth auth, SslContext tls) {
    public static ClientSecurity none() {
        return new ClientSecurity(null, null);
    }
}
