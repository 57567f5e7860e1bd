package dev.probe.core.objstore.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.testing.Await;
import dev.probe.core.testing.TestServers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Raw HTTP against the endpoint (unsigned mode): malformed paths, bad commits, short bodies, vanishing clients. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EndpointFaultTest {
    @TempDir
    Path dir;
    private ProbeServer server;

    @BeforeEach
    void start() throws Exception {
        server = ProbeServer.start(TestServers.loopback(dir),
                new EndpointConfig(0, dir.resolve("blobs").toString(), "probe", null, true, List.of("b")), line -> {});
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** Sends one request and returns "STATUS body" (reads until the response is complete or the server closes). */
    private String http(String method, String path, String body, String extraHeaders) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", server.objectStoreAddress().getPort()), 2000);
            s.setSoTimeout(5000);
            byte[] b = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            String head = method + " " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                    + (extraHeaders == null ? "Content-Length: " + b.length + "\r\n" : extraHeaders) + "\r\n";
            s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().write(b);
            s.getOutputStream().flush();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0;) {
                out.write(buf, 0, n);
            }
            String resp = out.toString(StandardCharsets.UTF_8);
            int sp = resp.indexOf(' ');
            return resp.substring(sp + 1, sp + 4) + " " + resp.substring(resp.indexOf("\r\n\r\n") + 4);
        }
    }

    /** Blob files on disk now. */
    private long blobFiles() throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve("blobs"))) {
            return s.count();
        }
    }

    private String uploadId(String object) throws IOException {
        String r = http("POST", "/n/probe/b/b/u", "{\"object\":\"" + object + "\"}", null);
        Matcher m = Pattern.compile("\"uploadId\":\"([^\"]+)\"").matcher(r);
        assertTrue(m.find(), r);
        return m.group(1);
    }

    @Test
    void malformedPathsAndUnknownBucketsAreJsonErrors() throws IOException {
        String r = http("GET", "/x/y", null, null);
        assertTrue(r.startsWith("400 ") && r.contains("\"code\":\"InvalidParameter\""), r);
        r = http("GET", "/n/probe/b/b/q/obj", null, null);
        assertTrue(r.startsWith("400 "), r);
        r = http("GET", "/n/probe/b/%zz/o/x", null, null);
        assertTrue(r.startsWith("400 "), r);
        r = http("GET", "/n/probe/b/missing/o/x", null, null);
        assertTrue(r.startsWith("404 ") && r.contains("BucketNotFound"), r);
        r = http("GET", "/n/other/b/b/o/x", null, null);
        assertTrue(r.startsWith("404 ") && r.contains("NamespaceNotFound"), r);
    }

    @Test
    void commitWithAWrongEtagOrAMissingPartIs400AndCommitsNothing() throws IOException {
        String id = uploadId("obj");
        String part = http("PUT", "/n/probe/b/b/u/obj?uploadId=" + id + "&uploadPartNum=1", "hello", null);
        assertTrue(part.startsWith("200 "), part);
        String wrong = http("POST", "/n/probe/b/b/u/obj?uploadId=" + id,
                "{\"partsToCommit\":[{\"partNum\":1,\"etag\":\"nope\"}]}", null);
        assertTrue(wrong.startsWith("400 ") && wrong.contains("InvalidUploadPart"), wrong);
        String missing = http("POST", "/n/probe/b/b/u/obj?uploadId=" + id,
                "{\"partsToCommit\":[{\"partNum\":2,\"etag\":\"x\"}]}", null);
        assertTrue(missing.startsWith("400 ") && missing.contains("part 2 was not uploaded"), missing);
        assertTrue(http("GET", "/n/probe/b/b/o/obj", null, null).startsWith("404 "), "no half-committed object");
    }

    @Test
    void bodyShorterThanContentLengthOrAClientThatVanishesLeavesNothing() throws Exception {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", server.objectStoreAddress().getPort()), 2000);
            s.getOutputStream().write(("PUT /n/probe/b/b/o/half HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n"
                    + "only a little").getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            s.setSoLinger(true, 0);
        }
        Await.until(Duration.ofSeconds(5), "the vanished client's half-written blob is deleted (abort ran)",
                () -> blobFiles() == 0);
        assertTrue(http("GET", "/n/probe/b/b/o/half", null, null).startsWith("404 "), "nothing committed");
        http("PUT", "/n/probe/b/b/o/long", "0123456789", "Content-Length: 4\r\n");
        assertEquals("200 0123", http("GET", "/n/probe/b/b/o/long", null, null),
                "the body is what Content-Length says; the rest is not part of it");
        String noLength = http("PUT", "/n/probe/b/b/o/nolen", null, "Transfer-Encoding: chunked\r\n");
        assertTrue(noLength.startsWith("411 ") && noLength.contains("LengthRequired"), noLength);
        String md5 = http("PUT", "/n/probe/b/b/o/md5", "abc",
                "Content-Length: 3\r\nContent-MD5: AAAAAAAAAAAAAAAAAAAAAA==\r\n");
        assertTrue(md5.startsWith("400 ") && md5.contains("InvalidContentMd5"), md5);
        assertTrue(http("GET", "/n/probe/b/b/o/md5", null, null).startsWith("404 "));
        Await.until(Duration.ofSeconds(5), "the rejected body's blob is deleted", () -> blobFiles() == 1);
        assertEquals("200 \"probe\"", http("GET", "/n", null, null), "the endpoint still serves");
    }
}
