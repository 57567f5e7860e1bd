package dev.probe.core.objstore.endpoint;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.server.HttpGuard;
import dev.probe.core.testing.TestServers;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.Signature;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signatures as an attacker would forge or replay them: only what OCI itself accepts passes (issue 23, point 2:
 * a signature over the date alone, dated 2001, used to delete an object).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SignatureVerifierTest {
    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");
    private static final KeyPair KEY = OciSdkEndpointTest.rsa();

    @TempDir
    Path dir;
    private Path keys;
    private SignatureVerifier verifier;

    @BeforeEach
    void keys() throws Exception {
        keys = Files.createDirectories(dir.resolve("keys"));
        Files.writeString(keys.resolve("k.pem"), OciSdkEndpointTest.pem("PUBLIC KEY", KEY.getPublic().getEncoded()));
        verifier = new SignatureVerifier(keys, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static String httpDate(Instant t) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.ofInstant(t, ZoneOffset.UTC));
    }

    /** A request signed over {@code headers} (in that order), as OCI's SDKs sign. */
    private static FullHttpRequest signed(HttpMethod method, String uri, Instant date, String headers, String body)
            throws Exception {
        FullHttpRequest r = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, uri,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        r.headers().set("host", "127.0.0.1:9").set("date", httpDate(date)).set("x-update", "1");
        if (!body.isEmpty()) {
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(body.getBytes(StandardCharsets.UTF_8));
            r.headers().set("content-type", "application/json").set("content-length", body.length())
                    .set("x-content-sha256", Base64.getEncoder().encodeToString(sha));
        }
        r.headers().set("authorization", authorization(r, headers));
        return r;
    }

    private static String authorization(FullHttpRequest r, String headers) throws Exception {
        StringBuilder s = new StringBuilder();
        for (String h : headers.split(" ")) {
            s.append(s.length() == 0 ? "" : "\n").append(h).append(": ").append(h.equals("(request-target)")
                    ? r.method().name().toLowerCase(Locale.ROOT) + " " + r.uri() : r.headers().get(h));
        }
        Signature sig = Signature.getInstance("SHA256withRSA");
        sig.initSign(KEY.getPrivate());
        sig.update(s.toString().getBytes(StandardCharsets.UTF_8));
        return "Signature version=\"1\",keyId=\"ocid1.tenancy.oc1..t/ocid1.user.oc1..u/"
                + SignatureVerifier.fingerprint(KEY.getPublic()) + "\",algorithm=\"rsa-sha256\",headers=\"" + headers
                + "\",signature=\"" + Base64.getEncoder().encodeToString(sig.sign()) + "\"";
    }

    private String refusal(FullHttpRequest r) {
        OciError e = assertThrows(OciError.class, () -> verifier.verify(r));
        assertEquals(401, e.status().code());
        return e.getMessage();
    }

    @Test
    void whatOciSignsIsAccepted() throws Exception {
        assertDoesNotThrow(() -> verifier.verify(signed(HttpMethod.DELETE, "/n/probe/b/b/o/x", NOW,
                "date (request-target) host", "")));
        assertDoesNotThrow(() -> verifier.verify(signed(HttpMethod.POST, "/n/probe/b", NOW.minusSeconds(299),
                "date (request-target) host content-length content-type x-content-sha256", "{\"name\":\"b\"}")));
    }

    @Test
    void aSignatureOverTheDateAloneIsRefused() throws Exception {
        assertTrue(refusal(signed(HttpMethod.DELETE, "/n/probe/b/b/o/x", NOW, "date", ""))
                .contains("the signature must cover (request-target) (it covers date)"));
        assertTrue(refusal(signed(HttpMethod.DELETE, "/n/probe/b/b/o/x", NOW, "date (request-target)", ""))
                .contains("must cover host"));
    }

    @Test
    void aHeaderThatOnlyContainsDateDoesNotCountAsTheDate() throws Exception {
        assertTrue(refusal(signed(HttpMethod.DELETE, "/n/probe/b/b/o/x", NOW, "x-update (request-target) host", ""))
                .contains("must cover date or x-date"));
    }

    @Test
    void anOldOrFutureSignatureCannotBeReplayed() throws Exception {
        String old = refusal(signed(HttpMethod.DELETE, "/n/probe/b/b/o/x", Instant.parse("2001-01-01T00:00:00Z"),
                "date (request-target) host", ""));
        assertTrue(old.contains("the signed date Mon, 1 Jan 2001 00:00:00 GMT is ") && old.contains("(at most 300 s)"),
                old);
        assertTrue(refusal(signed(HttpMethod.DELETE, "/n/probe/b/b/o/x", NOW.plusSeconds(301),
                "date (request-target) host", "")).contains("from this server's clock"));
    }

    @Test
    void aPostMustSignItsBodyAndTheBodyMustMatch() throws Exception {
        assertTrue(refusal(signed(HttpMethod.POST, "/n/probe/b", NOW, "date (request-target) host", "{\"name\":\"b\"}"))
                .contains("must cover content-length"));
        FullHttpRequest r = signed(HttpMethod.POST, "/n/probe/b", NOW,
                "date (request-target) host content-length content-type x-content-sha256", "{\"name\":\"b\"}");
        assertDoesNotThrow(() -> SignatureVerifier.checkBody(r));
        r.content().setByte(2, 'N');
        OciError e = assertThrows(OciError.class, () -> SignatureVerifier.checkBody(r));
        assertTrue(e.getMessage().contains("x-content-sha256 does not match the body"), e.getMessage());
    }

    @Test
    void aDateOnlySignatureFrom2001DeletesNothingOnARunningServer() throws Exception {
        try (ProbeServer server = ProbeServer.start(TestServers.loopback(dir),
                new EndpointConfig(0, dir.resolve("blobs").toString(), "probe", keys, false, null), line -> {})) {
            FullHttpRequest forged = signed(HttpMethod.DELETE, "/n/probe/b/bucket/o/object",
                    Instant.parse("2001-01-01T00:00:00Z"), "date", "");
            try (Socket s = new Socket("127.0.0.1", server.objectStoreAddress().getPort())) {
                s.setSoTimeout(10_000);
                OutputStream out = s.getOutputStream();
                out.write(("DELETE /n/probe/b/bucket/o/object HTTP/1.1\r\nHost: 127.0.0.1\r\nDate: "
                        + forged.headers().get("date") + "\r\nAuthorization: " + forged.headers().get("authorization")
                        + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                InputStream in = s.getInputStream();
                String reply = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(reply.startsWith("HTTP/1.1 401"), reply);
                assertTrue(reply.contains("NotAuthenticated"), reply);
            }
        }
    }

    /** Issue 40, point 7: a valid signature for another host (captured there, replayed here) is refused. */
    @Test
    void aRequestSignedForAnotherHostIsRefusedByTheEndpoint() throws Exception {
        FullHttpRequest r = signed(HttpMethod.DELETE, "/n/probe/b/b/o/x", NOW, "date (request-target) host", "");
        r.headers().set("host", "elsewhere.example");
        r.headers().set("authorization", authorization(r, "date (request-target) host"));
        assertDoesNotThrow(() -> verifier.verify(r.retainedDuplicate()), "the signature itself is valid");
        EndpointNames names = new EndpointNames(List.of("objstore.example"));
        for (String ours : List.of("127.0.0.1:9", "localhost", "OBJSTORE.example:443", "127.0.0.1")) {
            assertEquals(null, names.refusal(ours), ours);
        }
        assertEquals("the request was signed for host 'elsewhere.example', which is not this endpoint (add it with "
                + "--objectstore-host if clients reach it by that name)", names.refusal("elsewhere.example"));
        EmbeddedChannel ch = new EmbeddedChannel(
                new EndpointRouter(verifier, names, new HttpGuard(1, 1, 1, Duration
                        .ofSeconds(1), "endpoint", l -> {}), l -> {}));
        ch.writeInbound(r);
        FullHttpResponse answer = ch.readOutbound();
        assertEquals(401, answer.status().code());
        assertTrue(answer.content().toString(StandardCharsets.UTF_8).contains("NotAuthenticated"));
        answer.release();
        ch.finishAndReleaseAll();
    }
}
