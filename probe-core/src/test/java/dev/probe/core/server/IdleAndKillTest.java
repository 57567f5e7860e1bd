package dev.probe.core.server;

import dev.probe.core.app.ProbeServer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.redo.RedoConfig;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.result.RunListener;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Json;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Handshake.Hello;
import dev.probe.core.testing.LogCapture;
import dev.probe.core.testing.TestServers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** 500 silent connections do not stop a normal test and are closed at the deadline; a killed client is freed at once. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class IdleAndKillTest {
    @TempDir
    Path dir;
    private ProbeServer server;
    private final LogCapture log = new LogCapture();

    @BeforeEach
    void start() throws Exception {
        server = ProbeServer.start(TestServers.loopback(dir)
                .withTimeouts(Duration.ofSeconds(3), Duration.ofSeconds(3), Duration.ofMinutes(5)), log);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Socket connect() throws IOException {
        return TestServers.connect(server);
    }

    @Test
    void fiveHundredIdleConnectionsAreHeldThenClosedAtTheDeadline() throws Exception {
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 500; i++) {
                idle.add(connect());
            }
            for (int i = 0; i < 100 && server.connectionCount() < 500; i++) {
                Thread.sleep(20);
            }
            assertEquals(500, server.connectionCount(), "all 500 held open");
            TestParams p = new TestParams(Mode.ASYNC, 65536, 2, Duration.ofMillis(500), Duration.ofMillis(250), false,
                    0, 0, Duration.ZERO);
            long t = System.nanoTime();
            var r = new RedoClient(RedoConfig.of("127.0.0.1", server.address().getPort(), p)).run(new RunListener() { });
            assertTrue(r.summary().bytesReceived() > 0, "a normal test runs beside them");
            assertTrue(System.nanoTime() - t < TimeUnit.SECONDS.toNanos(3), "and is not held up");
            for (int i = 0; i < 400 && server.connectionCount() > 0; i++) {
                Thread.sleep(20);
            }
            assertEquals(0, server.connectionCount(), "closed at the 3 s deadline");
            for (Socket s : idle) {
                s.setSoTimeout(2000);
                assertEquals(-1, s.getInputStream().read(), "the server closed it");
            }
        } finally {
            for (Socket s : idle) {
                s.close();
            }
        }
        assertTrue(log.contains("no HELLO or JOIN within 3000 ms"), log.toString().substring(0, 200));
    }

    @Test
    void killedClientIsFreedWithinASecondAndTheNextTestRuns() throws Exception {
        TestParams params = new TestParams(Mode.ASYNC, 1 << 20, 1, Duration.ofSeconds(30), Duration.ofSeconds(1), false,
                0, 0, Duration.ZERO);
        Socket s = connect();
        byte[] hello = Json.bytes(new Hello(1, Handshake.randomId(), params.kind(), params.toJson()).frame().body());
        s.getOutputStream().write(ByteBuffer.allocate(12 + hello.length).putInt(Frames.MAGIC).put((byte) 1)
                .put((byte) FrameType.HELLO.code()).putShort((short) 0).putInt(hello.length).put(hello).array());
        s.getInputStream().read(new byte[4096]);
        s.getOutputStream().write(ByteBuffer.allocate(12 + 100_000).putInt(Frames.MAGIC).put((byte) 1)
                .put((byte) FrameType.DATA.code()).putShort((short) 0).putInt(1 << 20).array());
        assertEquals(1, server.sessionCount());
        s.setSoLinger(true, 0);
        long t = System.nanoTime();
        s.close();
        while (server.sessionCount() > 0 || server.connectionCount() > 0) {
            Thread.sleep(5);
            assertTrue(System.nanoTime() - t < TimeUnit.SECONDS.toNanos(1), "freed within a second");
        }
        System.out.printf("killed client freed in %.1f ms%n", (System.nanoTime() - t) / 1e6);
        for (int i = 0; i < 100 && !log.contains("aborted (connection 0 closed before END after "); i++) {
            Thread.sleep(10);
        }
        assertTrue(log.contains("aborted (connection 0 closed before END after "), log.toString());
        var r = new RedoClient(RedoConfig.of("127.0.0.1", server.address().getPort(),
                new TestParams(Mode.SYNC, 0, 1, Duration.ofMillis(200), Duration.ofMillis(100), false, 0, 0, Duration.ZERO)))
                .run(new RunListener() { });
        assertTrue(r.summary().messages() > 0);
    }
}
