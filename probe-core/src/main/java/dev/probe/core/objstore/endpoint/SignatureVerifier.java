package dev.probe.core.objstore.endpoint;

import io.netty.handler.codec.http.HttpHeaders;
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
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Verifies OCI request signatures (draft-cavage HTTP signatures, rsa-sha256) against the PEM public keys in a
 * directory, keyed by OCI's key fingerprint (MD5 of the DER public key, colon hex) as it ends the keyId. The
 * signing string is the listed headers as {@code name: value} lines, {@code (request-target)} being the
 * lower-case method, a space, and the path with query as sent.
 */
public final class SignatureVerifier {
    private static final Pattern PARAM = Pattern.compile("(\\w+)=\"([^\"]*)\"");
    private final Map<String, PublicKey> keys = new HashMap<>();

    /** Loads every {@code *.pem} public key in {@code dir}. */
    public SignatureVerifier(Path dir) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.pem")) {
            for (Path f : files) {
                PublicKey key = readPublicKey(Files.readString(f, StandardCharsets.US_ASCII), f);
                keys.put(fingerprint(key), key);
            }
        }
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("no *.pem public keys in " + dir);
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
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException(source + " is not a PEM RSA public key");
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
        StringBuilder signing = new StringBuilder();
        HttpHeaders h = request.headers();
        for (String name : headers.toLowerCase(Locale.ROOT).split(" ")) {
            if (signing.length() > 0) {
                signing.append('\n');
            }
            if (name.equals("(request-target)")) {
                signing.append("(request-target): ").append(request.method().name().toLowerCase(Locale.ROOT)).append(' ')
                        .append(request.uri());
            } else {
                String v = h.get(name);
                if (v == null) {
                    throw unauthenticated("signed header " + name + " is missing");
                }
                signing.append(name).append(": ").append(v);
            }
        }
        try {
            Signature s = Signature.getInstance("SHA256withRSA");
            s.initVerify(key);
            s.update(signing.toString().getBytes(StandardCharsets.UTF_8));
            if (!s.verify(Base64.getDecoder().decode(signature))) {
                throw unauthenticated("the signature does not verify");
            }
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw unauthenticated("the signature does not verify");
        }
        if (!headers.contains("date")) {
            throw unauthenticated("the date header must be signed");
        }
    }

    private static OciError unauthenticated(String why) {
        return new OciError(HttpResponseStatus.UNAUTHORIZED, "NotAuthenticated", "The required information to complete "
                + "authentication was not provided or was incorrect: " + why);
    }
}
