package dev.probe.core.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Handshake.Hello;
import dev.probe.core.protocol.Json;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TestResult;
import dev.probe.core.testing.LogCapture;
import dev.probe.core.testing.RunningServer;
import dev.probe.core.testing.TestServers;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A real server on 127.0.0.1:0 fed bad input over raw sockets: each bad connection is dropped with one log
 * line and the server goes on serving a normal client.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServerRobustnessTest {
    @RegisterExtension
    final RunningServer fixture = RunningServer.with(c -> c.withTimeouts(Duration.ofSeconds(5), Duration.ofMillis(500),
            Duration.ofMinutes(5)));

    private Socket connect() throws IOException {
        return TestServers.connect(fixture.get());
    }

    private static byte[] frame(FrameType type, long length, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(12 + payload.length);
        b.putInt(Frames.MAGIC).put((byte) 1).put((byte) type.code()).putShort((short) 0).putInt((int) length).put(
                payload);
        return b.array();
    }

    private static byte[] json(FrameType type, ObjectNode body) {
        byte[] p = Json.bytes(body);
        return frame(type, p.length, p);
    }

    /** Reads one reply frame: returns its JSON body (or null at EOF). */
    private static ObjectNode readControl(InputStream in) throws IOException {
        DataInputStream d = new DataInputStream(in);
        byte[] h = new byte[12];
        try {
            d.readFully(h);
        } catch (EOFException e) {
            return null;
        }
        int len = ByteBuffer.wrap(h, 8, 4).getInt();
        byte[] p = new byte[len];
        d.readFully(p);
        return Json.parseObject(p, FrameType.of(h[5]));
    }

    private static boolean closedByServer(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        while (true) {
            int r = in.read();
            if (r < 0) {
                return true;
            }
        }
    }

    private void assertServesNormalClient() throws Exception {
        TestParams p = TestParams.builder(Mode.SYNC).length(512).connections(2).duration(Duration.ofMillis(300))
                .interval(Duration.ofMillis(100)).build();
        TestResult r = new RedoClient(RedoConfig.of("127.0.0.1", fixture.get().address().getPort(), p))
                .run(new RunListener() {});
        assertTrue(r.summary().messages() > 0);
    }

    private boolean logged(String text) {
        return fixture.log().contains(text);
    }

    @Test
    void garbageIsDroppedAndTheServerKeepsServing() throws Exception {
        try (Socket s = connect()) {
            s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            ObjectNode err = readControl(s.getInputStream());
            assertEquals("PROTOCOL", err.get("code").asText());
            assertTrue(err.get("message").asText().contains("the other end sent 'GET / HTTP/1.1' (an HTTP client)"),
                    err.toString());
            assertTrue(closedByServer(s));
        }
        assertTrue(logged("not probe's protocol"), fixture.log().toString());
        assertServesNormalClient();
    }

    @Test
    void hugeLengthIsRefusedWithoutAllocating() throws Exception {
        try (Socket s = connect()) {
            s.getOutputStream().write(frame(FrameType.HELLO, 0xFFFFFFFFL, new byte[0]));
            ObjectNode err = readControl(s.getInputStream());
            assertTrue(err.get("message").asText().contains("4294967295 exceeds the maximum 8192"), err.toString());
            assertTrue(closedByServer(s));
        }
        assertServesNormalClient();
    }

    @Test
    void hugeDataLengthMidTestIsRefused() throws Exception {
        try (Socket s = connect()) {
            OutputStream out = s.getOutputStream();
            out.write(json(FrameType.HELLO, new Hello(1, Handshake.randomId(), TestParams.defaults().kind(), TestParams
                    .defaults().toJson()).frame().body()));
            assertEquals(32, readControl(s.getInputStream()).get("session_id").asText().length());
            out.write(frame(FrameType.DATA, 0xFFFFFFFFL, new byte[0]));
            ObjectNode err = readControl(s.getInputStream());
            assertTrue(err.get("message").asText().contains("DATA frame length 4294967295"), err.toString());
            assertTrue(closedByServer(s));
        }
        waitForNoSessions();
        assertServesNormalClient();
    }

    @Test
    void silentClientIsClosedAtTheHandshakeDeadline() throws Exception {
        try (Socket s = connect()) {
            long t = System.nanoTime();
            assertTrue(closedByServer(s));
            long ms = (System.nanoTime() - t) / 1_000_000;
            assertTrue(ms >= 400 && ms < 4000, "closed after " + ms + " ms");
        }
        assertTrue(logged("no HELLO or JOIN within 500 ms"), fixture.log().toString());
    }

    @Test
    void truncatedFrameThenDisconnectFreesTheConnection() throws Exception {
        try (Socket s = connect()) {
            s.getOutputStream().write(frame(FrameType.HELLO, 500, new byte[40]));
        }
        assertServesNormalClient();
    }

    @Test
    void wrongTypedParameterGetsARefusalNamingIt() throws Exception {
        ObjectNode hello = new Hello(1, Handshake.randomId(), TestParams.defaults().kind(), TestParams.defaults()
                .toJson()).frame().body();
        ((ObjectNode) hello.get("params")).put("num_conn", "four");
        try (Socket s = connect()) {
            s.getOutputStream().write(json(FrameType.HELLO, hello));
            ObjectNode err = readControl(s.getInputStream());
            assertEquals("BAD_PARAMETER", err.get("code").asText());
            assertTrue(err.get("message").asText().startsWith("num_conn: must be an integer"), err.toString());
        }
        assertServesNormalClient();
    }

    @Test
    void wrongProtocolVersionInHelloIsRefused() throws Exception {
        ObjectNode hello = new Hello(7, Handshake.randomId(), TestParams.defaults().kind(), TestParams.defaults()
                .toJson()).frame().body();
        try (Socket s = connect()) {
            s.getOutputStream().write(json(FrameType.HELLO, hello));
            ObjectNode err = readControl(s.getInputStream());
            assertEquals("PROTOCOL", err.get("code").asText());
            assertTrue(err.get("message").asText().contains("protocol version 7 is not supported"), err.toString());
        }
    }

    @Test
    void joinOfUnknownSessionIsRefused() throws Exception {
        try (Socket s = connect()) {
            s.getOutputStream().write(json(FrameType.JOIN, new Handshake.Join(Handshake.randomId(), 1, Handshake
                    .randomId()).frame().body()));
            assertEquals("UNKNOWN_SESSION", readControl(s.getInputStream()).get("code").asText());
        }
    }

    @Test
    void testLongerThanMaxDurationIsRefusedAndTheClientSaysWhy() {
        TestParams p = TestParams.builder(Mode.SYNC).length(0).duration(Duration.ofMinutes(10)).build();
        ProbeException e = assertThrows(ProbeException.class,
                () -> new RedoClient(RedoConfig.of("127.0.0.1", fixture.get().address().getPort(), p))
                        .run(new RunListener() {}));
        assertEquals(ProbeException.Kind.REFUSED, e.kind());
        assertTrue(e.getMessage().contains("exceeds this server's max-duration of 300 s"), e.getMessage());
    }

    @Test
    void clientThatNeverReadsItsAcksIsNotReadEither() throws Exception {
        TestParams p = TestParams.builder(Mode.SYNC).length(0).duration(Duration.ofSeconds(30)).build();
        try (Socket s = connect()) {
            s.setReceiveBufferSize(64 * 1024);
            OutputStream out = s.getOutputStream();
            out.write(json(FrameType.HELLO, new Hello(1, Handshake.randomId(), p.kind(), p.toJson()).frame().body()));
            readControl(s.getInputStream());
            byte[] burst = new byte[12 * 1024];
            for (int i = 0; i < 1024; i++) {
                System.arraycopy(frame(FrameType.DATA, 0, new byte[0]), 0, burst, i * 12, 12);
            }
            AtomicLong written = new AtomicLong();
            Thread writer = new Thread(() -> {
                try {
                    while (true) {
                        out.write(burst);
                        written.addAndGet(burst.length);
                    }
                } catch (IOException e) {
                    // socket closed at the end of the test
                }
            });
            writer.setDaemon(true);
            writer.start();
            long last = -1;
            int stalled = 0;
            long deadline = System.currentTimeMillis() + 40_000;
            while (stalled < 3 && written.get() < 256L << 20 && System.currentTimeMillis() < deadline) {
                Thread.sleep(500);
                long now = written.get();
                stalled = now == last ? stalled + 1 : 0;
                last = now;
            }
            assertEquals(3, stalled, "the writer is blocked for 1.5 s: the server stopped reading; wrote " + last);
            assertTrue(last < 256L << 20, "bounded by socket buffers, wrote " + last);
        }
        waitForNoSessions();
        assertServesNormalClient();
    }

    @Test
    void connectionRefusedIsAOneLineClientError() throws Exception {
        int port;
        try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = ss.getLocalPort();
        }
        ProbeException e = assertThrows(ProbeException.class,
                () -> new RedoClient(RedoConfig.of("127.0.0.1", port, TestParams.defaults())).run(
                        new RunListener() {}));
        assertEquals(ProbeException.Kind.CONNECT, e.kind());
        assertTrue(e.getMessage().startsWith("cannot connect to 127.0.0.1:" + port), e.getMessage());
    }

    /** Issue 24, point 8: a port that is not a probe server is named at once by what it sent, or by its silence. */
    @Test
    void aPortThatIsNotAProbeServerIsSaidSoByWhatItSentOrItsSilence() throws Exception {
        try (ServerSocket ss = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread banner = new Thread(() -> {
                try (Socket s = ss.accept()) {
                    s.getOutputStream().write("SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n".getBytes(StandardCharsets.US_ASCII));
                    s.getInputStream().read();
                } catch (IOException e) {
                    // the client closed first
                }
            });
            banner.start();
            long t0 = System.nanoTime();
            ProbeException e = assertThrows(ProbeException.class, () -> new RedoClient(RedoConfig.of("127.0.0.1",
                    ss.getLocalPort(), TestParams.defaults())).run(new RunListener() {}));
            assertEquals("bad reply from server: not probe's protocol: the other end sent 'SSH-2.0-OpenSSH_9.2p1 "
                    + "Debian-2' (an SSH server)", e.getMessage());
            assertTrue(System.nanoTime() - t0 < 10e9, "at once, not after the 30 s network timeout");
            banner.join(5000);
        }
        try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Target t = Target.of("127.0.0.1", silent.getLocalPort());
            Target quick = new Target(t.host(), t.port(), t.connectTimeout(),
                    Duration.ofSeconds(1), t.security(), t.transport());
            ProbeException e = assertThrows(ProbeException.class,
                    () -> new RedoClient(new RedoConfig(quick, TestParams.defaults())).run(new RunListener() {}));
            assertEquals(ProbeException.Kind.TIMEOUT, e.kind());
            assertTrue(e.getMessage().contains("took the connection but sent nothing back; is 'probe server' listening "
                    + "there?"), e.getMessage());
        }
    }

    private void waitForNoSessions() throws InterruptedException {
        assertEquals(0, LogCapture.awaitNoSessions(fixture.get()));
    }
}
