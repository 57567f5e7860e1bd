package dev.probe.core.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import dev.probe.core.testing.Await;
import dev.probe.core.testing.RunningServer;
import dev.probe.core.testing.TestServers;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** 500 silent connections do not stop a normal test and are closed at the deadline; a killed client is freed at once. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class IdleAndKillTest {
    @RegisterExtension
    final RunningServer fixture = RunningServer.with(c -> c.withTimeouts(Duration.ofSeconds(3), Duration.ofSeconds(3),
            Duration.ofMinutes(5)));

    private Socket connect() throws IOException {
        return TestServers.connect(fixture.get());
    }

    @Test
    void fiveHundredIdleConnectionsAreHeldThenClosedAtTheDeadline() throws Exception {
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 500; i++) {
                idle.add(connect());
            }
            Await.until(Duration.ofSeconds(2), "all 500 held open", () -> fixture.get().connectionCount() == 500);
            TestParams p = TestParams.builder(Mode.ASYNC).length(65536).connections(2).duration(Duration.ofMillis(500))
                    .interval(Duration.ofMillis(250)).build();
            long t = System.nanoTime();
            var r = new RedoClient(RedoConfig.of("127.0.0.1", fixture.get().address().getPort(), p)).run(
                    new RunListener() {});
            assertTrue(r.summary().bytesReceived() > 0, "a normal test runs beside them");
            assertTrue(System.nanoTime() - t < TimeUnit.SECONDS.toNanos(3), "and is not held up");
            Await.until(Duration.ofSeconds(8), "closed at the 3 s deadline", () -> fixture.get()
                    .connectionCount() == 0);
            for (Socket s : idle) {
                s.setSoTimeout(2000);
                assertEquals(-1, s.getInputStream().read(), "the server closed it");
            }
        } finally {
            for (Socket s : idle) {
                s.close();
            }
        }
        assertTrue(fixture.log().contains("no HELLO or JOIN within 3000 ms"), fixture.log().toString().substring(0,
                200));
    }

    @Test
    void killedClientIsFreedWithinASecondAndTheNextTestRuns() throws Exception {
        TestParams params = TestParams.builder(Mode.ASYNC).length(1 << 20).duration(Duration.ofSeconds(30)).build();
        Socket s = connect();
        byte[] hello = Json.bytes(new Hello(1, Handshake.randomId(), params.kind(), params.toJson()).frame().body());
        s.getOutputStream().write(ByteBuffer.allocate(12 + hello.length).putInt(Frames.MAGIC).put((byte) 1)
                .put((byte) FrameType.HELLO.code()).putShort((short) 0).putInt(hello.length).put(hello).array());
        s.getInputStream().read(new byte[4096]);
        s.getOutputStream().write(ByteBuffer.allocate(12 + 100_000).putInt(Frames.MAGIC).put((byte) 1)
                .put((byte) FrameType.DATA.code()).putShort((short) 0).putInt(1 << 20).array());
        assertEquals(1, fixture.get().sessionCount());
        s.setSoLinger(true, 0);
        long t = System.nanoTime();
        s.close();
        while (fixture.get().sessionCount() > 0 || fixture.get().connectionCount() > 0) {
            Thread.sleep(5);
            assertTrue(System.nanoTime() - t < TimeUnit.SECONDS.toNanos(1), "freed within a second");
        }
        System.out.printf("killed client freed in %.1f ms%n", (System.nanoTime() - t) / 1e6);
        Await.until(Duration.ofSeconds(1), "the abort logged: " + fixture.log(),
                () -> fixture.log().contains("aborted (connection 0 closed before END after "));
        var r = new RedoClient(RedoConfig.of("127.0.0.1", fixture.get().address().getPort(),
                TestParams.builder(Mode.SYNC).length(0).duration(Duration.ofMillis(200))
                        .interval(Duration.ofMillis(100)).build()))
                                .run(new RunListener() {});
        assertTrue(r.summary().messages() > 0);
    }
}
