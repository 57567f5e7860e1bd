package dev.probe.core.protocol;

import dev.probe.core.error.UsageException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The shared-secret challenge-response of protocol v1 (HMAC-SHA256). The client proves it knows the secret
 * with {@code HMAC(secret, "probe-auth/1" | "client" | request type | client nonce | server nonce |
 * SHA-256(request body as sent))}; the server proves it too in READY/JOINED with the same MAC under the role "server".
 * The server nonce is fresh per connection, so a captured AUTH is worthless on another connection; the request
 * body is covered, so a captured one cannot be altered. The secret never crosses the wire.
 */
public final class Auth {
    public static final int MIN_SECRET_BYTES = 16;
    private final byte[] secret;

    public Auth(byte[] secret) {
        if (secret == null || secret.length < MIN_SECRET_BYTES) {
            throw new UsageException("the shared secret must be at least " + MIN_SECRET_BYTES + " bytes, got "
                    + (secret == null ? 0 : secret.length));
        }
        this.secret = secret.clone();
    }

    /**
     * The MAC for {@code role} ("client" or "server") over a request (its body's bytes as they crossed the wire: as
     * received, not as a parser would write them again) and both nonces, as 64 hex digits.
     */
    public String mac(String role, ControlFrame request, String clientNonce, String serverNonce) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(request.wireBody());
            String text = String.join("\n", "probe-auth/1", role, request.type().name(), clientNonce, serverNonce,
                    HexFormat.of().formatHex(digest));
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }

    /** Compares two MACs in constant time. */
    public static boolean same(String expected, String given) {
        return given != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                given.getBytes(StandardCharsets.US_ASCII));
    }
}
