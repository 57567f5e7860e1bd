package dev.probe.core.objstore.endpoint;

import dev.probe.core.error.UsageException;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Verifies OCI request signatures (draft-cavage HTTP signatures, rsa-sha256) against the PEM public keys in a
 * directory, keyed by OCI's key fingerprint (MD5 of the DER public key, colon hex) as it ends the keyId. The
 * signing string is the listed headers as {@code name: value} lines, {@code (request-target)} being the
 * lower-case method, a space, and the path with query as sent. As OCI: the signature must cover
 * {@code (request-target)}, {@code host} and {@code date} (or {@code x-date}), a POST's also {@code content-length},
 * {@code content-type} and {@code x-content-sha256} (which {@link #checkBody} holds to the body), and the date
 * must be within five minutes of the server's clock, so a signature cannot be moved to another request or
 * replayed later.
 */
public final class SignatureVerifier {
    /** How far a request's date may be from the server's clock (OCI's window). */
    public static final Duration MAX_SKEW = Duration.ofMinutes(5);
    private static final Pattern PARAM = Pattern.compile("(\\w+)=\"([^\"]*)\"");
    private static final List<String> ALWAYS = List.of("(request-target)", "host");
    private static final List<String> BODY = List.of("content-length", "content-type", "x-content-sha256");
    private final Map<String, PublicKey> keys = new HashMap<>();
    private final Clock clock;

    /** Loads every {@code *.pem} public key in {@code dir}. */
    public SignatureVerifier(Path dir) throws IOException {
        this(dir, Clock.systemUTC());
    }

    /** As {@link #SignatureVerifier(Path)}, dates judged by {@code clock}. */
    SignatureVerifier(Path dir, Clock clock) throws IOException {
        this.clock = clock;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.pem")) {
            for (Path f : files) {
                PublicKey key = readPublicKey(Files.readString(f, StandardCharsets.US_ASCII), f);
                keys.put(fingerprint(key), key);
            }
        }
        if (keys.isEmpty()) {
            throw new UsageException("no *.pem public keys in " + dir);
        }
    }

    /** OCI's fingerprint of an API key: MD5 of the DER-encoded public key, lower-case hex pairs joined by colons. */
    public static String fingerprint(PublicKey key) {
        try {
            return HexFormat.ofDelimiter(":").formatHex(MessageDigest.getInstance("MD5").digest(key.getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static PublicKey readPublicKey(String pem, Path source) {
        String base64 = pem.replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(
                    base64)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new UsageException(source + " is not a PEM RSA public key");
        }
    }

    /** Throws a 401 NotAuthenticated unless the request carries a valid signature by a known key. */
    public void verify(HttpRequest request) {
        String auth = request.headers().get("authorization");
        if (auth == null || !auth.startsWith("Signature ")) {
            throw unauthenticated("the request is not signed");
        }
        Map<String, String> p = new HashMap<>();
        Matcher m = PARAM.matcher(auth);
        while (m.find()) {
            p.put(m.group(1), m.group(2));
        }
        String keyId = p.get("keyId");
        String headers = p.get("headers");
        String signature = p.get("signature");
        if (keyId == null || headers == null || signature == null || !"rsa-sha256".equals(p.get("algorithm"))) {
            throw unauthenticated("malformed Authorization header");
        }
        PublicKey key = keys.get(keyId.substring(keyId.lastIndexOf('/') + 1));
        if (key == null) {
            throw unauthenticated("unknown key " + keyId.substring(keyId.lastIndexOf('/') + 1));
        }
        List<String> signed = List.of(headers.toLowerCase(Locale.ROOT).trim().split(" +"));
        requireCovered(request, signed);
        String signing = signingString(request, signed);
        try {
            Signature s = Signature.getInstance("SHA256withRSA");
            s.initVerify(key);
            s.update(signing.getBytes(StandardCharsets.UTF_8));
            if (!s.verify(Base64.getDecoder().decode(signature))) {
                throw unauthenticated("the signature does not verify");
            }
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw unauthenticated("the signature does not verify");
        }
        checkDate(request.headers().get(signed.contains("x-date") ? "x-date" : "date"));
    }

    /** The string the client signed: each covered header as "name: value", a line each, in the order given. */
    private static String signingString(HttpRequest request, List<String> signed) {
        StringBuilder signing = new StringBuilder();
        HttpHeaders h = request.headers();
        for (String name : signed) {
            if (signing.length() > 0) {
                signing.append('\n');
            }
            if (name.equals("(request-target)")) {
                signing.append("(request-target): ").append(request.method().name().toLowerCase(Locale.ROOT)).append(
                        ' ')
                        .append(request.uri());
            } else {
                String v = h.get(name);
                if (v == null) {
                    throw unauthenticated("signed header " + name + " is missing");
                }
                signing.append(name).append(": ").append(v);
            }
        }
        return signing.toString();
    }

    /** The headers OCI requires a signature to cover, each by its exact name. */
    private static void requireCovered(HttpRequest request, List<String> signed) {
        List<String> needed = new ArrayList<>(ALWAYS);
        if (request.method().equals(HttpMethod.POST)) {
            needed.addAll(BODY);
        }
        for (String name : needed) {
            if (!signed.contains(name)) {
                throw unauthenticated("the signature must cover " + name + " (it covers " + String.join(" ", signed)
                        + ")");
            }
        }
        if (!signed.contains("date") && !signed.contains("x-date")) {
            throw unauthenticated("the signature must cover date or x-date (it covers " + String.join(" ", signed)
                    + ")");
        }
    }

    private void checkDate(String value) {
        Instant date;
        try {
            date = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            throw unauthenticated("the signed date '" + value + "' is not an HTTP date");
        }
        Duration skew = Duration.between(date, clock.instant()).abs();
        if (skew.compareTo(MAX_SKEW) > 0) {
            throw unauthenticated("the signed date " + value + " is " + skew.toSeconds()
                    + " s from this server's clock "
                    + "(at most " + MAX_SKEW.toSeconds() + " s)");
        }
    }

    /** A body with {@code x-content-sha256} must have that SHA-256 (base64): the signature covers the header. */
    static void checkBody(FullHttpRequest request) {
        String claimed = request.headers().get("x-content-sha256");
        if (claimed == null) {
            return;
        }
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(request.content().nioBuffer());
            if (!MessageDigest.isEqual(Base64.getEncoder().encode(sha.digest()), claimed.getBytes(
                    StandardCharsets.US_ASCII))) {
                throw unauthenticated("x-content-sha256 does not match the body");
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static OciError unauthenticated(String why) {
        return new OciError(HttpResponseStatus.UNAUTHORIZED, "NotAuthenticated", "The required information to complete "
                + "authentication was not provided or was incorrect: " + why);
    }
}
