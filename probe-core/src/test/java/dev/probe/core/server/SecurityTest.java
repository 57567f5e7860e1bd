package dev.probe.core.server;

import static dev.probe.core.testing.TestServers.helloOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.bulk.BulkClient;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Auth;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Json;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TestResult;
import dev.probe.core.testing.Await;
import dev.probe.core.testing.LogCapture;
import dev.probe.core.testing.TestServers;
import dev.probe.core.tls.Tls;
import io.netty.handler.ssl.OpenSsl;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Shared-secret authentication, replay, TLS and the server's limits, against real servers on 127.0.0.1. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SecurityTest {
    private static final Auth SECRET = new Auth("correct horse battery staple".getBytes(StandardCharsets.UTF_8));
    private static final Auth OTHER = new Auth("not the secret at all, sorry".getBytes(StandardCharsets.UTF_8));
    @TempDir
    Path dir;
    private ProbeServer server;
    private final LogCapture log = new LogCapture();

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private void start(ServerSecurity security, ServerLimits limits) throws Exception {
        server = ProbeServer.start(TestServers.loopback(dir)
                .withSecurity(security).withLimits(limits), log);
    }

    private static TestParams quick(Mode mode, int conns) {
        return TestParams.builder(mode).length(1024).connections(conns).duration(Duration.ofMillis(300))
                .interval(Duration.ofMillis(100)).build();
    }

    private Target target(ClientSecurity security) {
        return new Target("127.0.0.1", server.address().getPort(), Duration.ofSeconds(5), Duration.ofSeconds(10),
                security, null);
    }

    private TestResult run(TestParams p, ClientSecurity security) throws Exception {
        RedoConfig c = new RedoConfig(target(security), p);
        return new RedoClient(c).run(new RunListener() {});
    }

    @Test
    void rightSecretRunsTestsAndBulkRunsOnEveryConnection() throws Exception {
        start(new ServerSecurity(SECRET, null, null), ServerLimits.defaults());
        assertTrue(run(quick(Mode.ASYNC, 3), new ClientSecurity(SECRET, null)).summary().bytesReceived() > 0);
        BulkParams b = BulkParams.builder(Direction.RESTORE, "sec").channels(4).volume(8L << 20)
                .interval(Duration.ofMillis(200)).build();
        var r = new BulkClient(new BulkConfig(target(new ClientSecurity(SECRET, null)), b, BulkConfig.PAPER_DB_SIZE))
                .run(new BulkListener() {});
        assertEquals(8L << 20, r.summary().bytes());
        assertEquals(0, server.authFailures());
    }

    @Test
    void wrongSecretIsAuthenticationFailedAndCountedWithThePeer() throws Exception {
        start(new ServerSecurity(SECRET, null, null), ServerLimits.defaults());
        ProbeException e = assertThrows(ProbeException.class, () -> run(quick(Mode.SYNC, 1), new ClientSecurity(OTHER,
                null)));
        assertEquals(ProbeException.Kind.AUTH, e.kind());
        assertEquals("server refused: authentication failed", e.getMessage());
        assertEquals(1, server.authFailures());
        assertTrue(log.contains("authentication failed from /127.0.0.1:"), log.toString());
        assertEquals(0, LogCapture.awaitNoSessions(server), "nothing was opened for it");
    }

    @Test
    void wrongSecretsFromOneAddressAreAnsweredEverSlowerAndLoggedAtMostOnceASecond() throws Exception {
        start(new ServerSecurity(SECRET, null, null), ServerLimits.defaults());
        long[] took = new long[4];
        for (int i = 0; i < took.length; i++) {
            long t0 = System.nanoTime();
            ProbeException e = assertThrows(ProbeException.class, () -> run(quick(Mode.SYNC, 1),
                    new ClientSecurity(OTHER, null)));
            assertEquals(ProbeException.Kind.AUTH, e.kind());
            took[i] = (System.nanoTime() - t0) / 1_000_000;
        }
        assertTrue(took[0] >= AuthBackoff.FIRST_MILLIS && took[3] >= 8 * AuthBackoff.FIRST_MILLIS,
                "100, 200, 400, 800 ms: " + Arrays.toString(took) + " (issue 23, point 6: 2,257 tries/s)");
        assertEquals(4, server.authFailures());
        long lines = log.lines().stream().filter(l -> l.contains("authentication failed from")).count();
        assertTrue(lines >= 1 && lines <= 2, "at most one line a second: " + log);
    }

    @Test
    void oneAddressCannotTakeEveryConnection() throws Exception {
        start(ServerSecurity.none(), new ServerLimits(64, 8, 2, 0));
        List<Socket> held = new ArrayList<>();
        try {
            List<ObjectNode> replies = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                Socket s = connectFrom("127.0.0.1");
                held.add(s);
                replies.add(hello(s));
            }
            assertEquals(List.of("READY", "READY", "READY", "READY", "ERROR"),
                    replies.stream().map(r -> r.get("_type").asText()).toList(), replies.toString());
            assertTrue(replies.get(4).get("message").asText().contains("127.0.0.1 has 4 connections open (per source)"),
                    replies.get(4).toString());
            Socket other = connectFrom("127.0.0.2");
            held.add(other);
            assertEquals("READY", hello(other).get("_type").asText(), "another address is let in");
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    /** A HELLO for a 30 s SYNC test on {@code s}, and the server's answer (READY, or an ERROR with its message). */
    private static ObjectNode hello(Socket s) throws IOException {
        TestParams p = TestParams.builder(Mode.SYNC).length(1024).duration(Duration.ofSeconds(30)).build();
        return exchange(s, FrameType.HELLO, helloOf(1, Handshake.randomId(), p).frame().body());
    }

    private Socket connectFrom(String address) throws Exception {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName(address), 0));
        s.connect(new InetSocketAddress("127.0.0.1", server.address().getPort()), 5000);
        s.setSoTimeout(5000);
        return s;
    }

    @Test
    void missingSecretAndOneSidedSecretAreAuthenticationErrors() throws Exception {
        start(new ServerSecurity(SECRET, null, null), ServerLimits.defaults());
        ProbeException missing = assertThrows(ProbeException.class, () -> run(quick(Mode.SYNC, 1), ClientSecurity
                .none()));
        assertEquals(ProbeException.Kind.AUTH, missing.kind());
        assertTrue(missing.getMessage().contains("the server requires a shared secret"), missing.getMessage());
        server.close();
        start(ServerSecurity.none(), ServerLimits.defaults());
        ProbeException oneSided = assertThrows(ProbeException.class,
                () -> run(quick(Mode.SYNC, 1), new ClientSecurity(SECRET, null)));
        assertEquals(ProbeException.Kind.AUTH, oneSided.kind());
        assertTrue(oneSided.getMessage().contains("did not ask for the shared secret"), oneSided.getMessage());
    }

    /** Sends one control frame and reads one back (raw socket, like an attacker who recorded the traffic). */
    private static ObjectNode exchange(Socket s, FrameType type, ObjectNode body) throws IOException {
        return exchangeRaw(s, type, Json.bytes(body));
    }

    /** Sends one control frame of exactly these body bytes and reads one back. */
    private static ObjectNode exchangeRaw(Socket s, FrameType type, byte[] p) throws IOException {
        s.getOutputStream().write(ByteBuffer.allocate(12 + p.length).putInt(Frames.MAGIC).put((byte) 1)
                .put((byte) type.code()).putShort((short) 0).putInt(p.length).put(p).array());
        DataInputStream in = new DataInputStream(s.getInputStream());
        byte[] h = new byte[12];
        in.readFully(h);
        byte[] reply = new byte[ByteBuffer.wrap(h, 8, 4).getInt()];
        in.readFully(reply);
        ObjectNode n = Json.parseObject(reply, FrameType.of(h[5]));
        n.put("_type", FrameType.of(h[5]).name());
        return n;
    }

    private Socket connect() throws IOException {
        return TestServers.connect(server);
    }

    /** Issue 40, point 7: the MAC covers the request body as sent, so JSON spaced otherwise than Jackson's is fine. */
    @Test
    void aHelloSpacedOtherwiseAuthenticatesOnTheBytesItWasSentAs() throws Exception {
        start(new ServerSecurity(SECRET, null, null), ServerLimits.defaults());
        ControlFrame hello = helloOf(1, Handshake.randomId(), quick(Mode.SYNC, 1)).frame();
        byte[] spaced = new String(Json.bytes(hello.body()), StandardCharsets.UTF_8).replace(",", ", ")
                .getBytes(StandardCharsets.UTF_8);
        ControlFrame asSent = new ControlFrame(FrameType.HELLO, hello.body(), spaced);
        try (Socket s = connect()) {
            ObjectNode challenge = exchangeRaw(s, FrameType.HELLO, spaced);
            assertEquals("CHALLENGE", challenge.get("_type").asText());
            String mac = SECRET.mac("client", asSent, hello.body().get("client_nonce").asText(),
                    challenge.get("server_nonce").asText());
            assertEquals("READY", exchange(s, FrameType.AUTH, new Handshake.AuthAnswer(mac).frame().body())
                    .get("_type").asText(), "the server checks the bytes it received, not Jackson's rewrite");
        }
        assertEquals(0, server.authFailures());
    }

    @Test
    void aCapturedHandshakeCannotBeReplayed() throws Exception {
        start(new ServerSecurity(SECRET, null, null), ServerLimits.defaults());
        ControlFrame hello = helloOf(1, Handshake.randomId(), quick(Mode.SYNC, 1)).frame();
        ObjectNode auth;
        try (Socket honest = connect()) {
            ObjectNode challenge = exchange(honest, FrameType.HELLO, hello.body());
            assertEquals("CHALLENGE", challenge.get("_type").asText());
            String mac = SECRET.mac("client", hello, hello.body().get("client_nonce").asText(),
                    challenge.get("server_nonce").asText());
            auth = new Handshake.AuthAnswer(mac).frame().body();
            assertEquals("READY", exchange(honest, FrameType.AUTH, auth).get("_type").asText());
        }
        try (Socket replay = connect()) {
            ObjectNode challenge = exchange(replay, FrameType.HELLO, hello.body());
            assertNotEquals(auth.get("mac").asText(), challenge.get("server_nonce").asText());
            ObjectNode answer = exchange(replay, FrameType.AUTH, auth);
            assertEquals("ERROR", answer.get("_type").asText());
            assertEquals("AUTH", answer.get("code").asText());
        }
        assertEquals(1, server.authFailures());
    }

    @Test
    void tlsWithAPinnedSelfSignedCertificateIsRecordedInTheResult() throws Exception {
        Tls.Server tls = Tls.server(null, null);
        start(new ServerSecurity(null, tls.context(), tls.fingerprint()), ServerLimits.defaults());
        TestResult r = run(quick(Mode.SYNC, 2), new ClientSecurity(null, Tls.client(tls.fingerprint(), null)));
        assertNotNull(r.tls());
        assertTrue(r.tls().protocol().startsWith("TLSv1."), r.tls().protocol());
        assertTrue(r.toJson().at("/params/tls/cipher").asText().startsWith("TLS_"), r.toJson().toString());
        assertEquals(Tls.engine(), r.toJson().at("/params/tls/engine").asText(), "which engine ran is recorded");
        assertTrue(!OpenSsl.isAvailable() || Tls.engine().startsWith("netty-tcnative "),
                "BoringSSL where tcnative loads: " + Tls.engine());
        assertTrue(r.summary().messages() > 0);
    }

    @Test
    void wrongFingerprintAndPlaintextTlsMismatchesAreClearErrors() throws Exception {
        Tls.Server tls = Tls.server(null, null);
        start(new ServerSecurity(null, tls.context(), tls.fingerprint()), ServerLimits.defaults());
        String wrong = "00".repeat(32);
        ProbeException pin = assertThrows(ProbeException.class,
                () -> run(quick(Mode.SYNC, 1), new ClientSecurity(null, Tls.client(wrong, null))));
        assertTrue(pin.getMessage().startsWith("TLS handshake failed: the server's certificate is not trusted ("),
                pin.getMessage());
        assertTrue(pin.getMessage().contains("unknown fingerprint") && pin.getMessage().endsWith("check "
                + "--trust-fingerprint)"), "not 'General OpenSslEngine problem' (issue 23, point 7): "
                        + pin.getMessage());
        ProbeException plain = assertThrows(ProbeException.class, () -> run(quick(Mode.SYNC, 1), ClientSecurity
                .none()));
        assertTrue(plain.getMessage().contains("this server requires TLS: run the client with --tls"), plain
                .getMessage());
        server.close();
        start(ServerSecurity.none(), ServerLimits.defaults());
        ProbeException tlsToPlain = assertThrows(ProbeException.class,
                () -> run(quick(Mode.SYNC, 1), new ClientSecurity(null, Tls.client(wrong, null))));
        assertTrue(tlsToPlain.getMessage().contains("the server does not speak TLS"), tlsToPlain.getMessage());
        assertTrue(log.contains("TLS handshake on a plaintext probe connection"), log.toString());
    }

    @Test
    void limitsAreRefusedNamingTheLimit() throws Exception {
        start(ServerSecurity.none(), new ServerLimits(1, 1024, 2, 0));
        ProbeException perSession = assertThrows(ProbeException.class, () -> run(quick(Mode.ASYNC, 3), ClientSecurity
                .none()));
        assertEquals(ProbeException.Kind.REFUSED, perSession.kind());
        assertTrue(perSession.getMessage().contains("3 connections exceed this server's max-conn-per-session of 2"),
                perSession.getMessage());
        Thread busy = new Thread(() -> {
            try {
                run(TestParams.builder(Mode.SYNC).length(0).duration(Duration.ofSeconds(3)).build(), ClientSecurity
                        .none());
            } catch (Exception ignored) {
                // the test only needs it to hold a session
            }
        });
        busy.start();
        Await.until(Duration.ofSeconds(2), "the busy session open", () -> server.sessionCount() > 0);
        ProbeException sessions = assertThrows(ProbeException.class, () -> run(quick(Mode.SYNC, 1), ClientSecurity
                .none()));
        assertTrue(sessions.getMessage().contains("(max-sessions 1)"), sessions.getMessage());
        busy.join();
    }

    @Test
    void connectionsOverTheLimitAreRefused() throws Exception {
        start(ServerSecurity.none(), new ServerLimits(64, 3, 256, 0));
        List<Socket> sockets = new ArrayList<>();
        try {
            int refused = 0;
            for (int i = 0; i < 4; i++) {
                Socket s = connect();
                sockets.add(s);
                ObjectNode reply = hello(s);
                if (reply.get("_type").asText().equals("ERROR")) {
                    assertEquals("LIMIT", reply.get("code").asText());
                    assertTrue(reply.get("message").asText().contains("max-connections"), reply.toString());
                    refused++;
                }
            }
            assertEquals(1, refused, "exactly the connection over the limit is refused");
        } finally {
            for (Socket s : sockets) {
                s.close();
            }
        }
    }

    @Test
    void rateCapHoldsASessionToItsRate() throws Exception {
        start(ServerSecurity.none(), new ServerLimits(64, 1024, 256, 20L << 20));
        TestResult r = run(TestParams.builder(Mode.ASYNC).length(64 * 1024).connections(2)
                .duration(Duration.ofSeconds(2)).interval(Duration.ofMillis(500)).build(), ClientSecurity.none());
        double mib = r.summary().throughputMibS();
        assertTrue(mib > 12 && mib < 26, "capped at 20 MiB/s, measured " + mib);
        BulkParams b = BulkParams.builder(Direction.RESTORE, "cap").channels(2).duration(Duration.ofSeconds(2))
                .interval(Duration.ofMillis(500)).build();
        var restore = new BulkClient(BulkConfig.of("127.0.0.1", server.address().getPort(), b)).run(
                new BulkListener() {});
        assertTrue(restore.summary().throughputMibS() < 26, "restore capped: " + restore.summary().throughputMibS());
    }

}
