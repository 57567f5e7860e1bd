package dev.probe.core.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Auth;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.RunListener;
import dev.probe.core.testing.Await;
import dev.probe.core.testing.LogCapture;
import dev.probe.core.testing.TestServers;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 57, point 3: connections that prove nothing (a bare connect and reset, garbage, a HELLO then a reset) from
 * several addresses are counted, not each logged: the log holds a few full lines and counts whatever is sent, and the
 * legitimate client beside them runs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StrangerLogTest {
    private static final Auth SECRET = new Auth("correct horse battery staple".getBytes(StandardCharsets.UTF_8));
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

    @Test
    void resetsAndGarbageFromStrangersAreCountedAndTheClientRuns() throws Exception {
        server = ProbeServer.start(TestServers.loopback(dir).withSecurity(new ServerSecurity(SECRET, null, null)), log);
        int each = 300;
        List<String> from = List.of("127.0.0.2", "127.0.0.3", "127.0.0.4");
        for (int i = 0; i < each; i++) {
            for (String a : from) {
                stranger(a, i % 3);
            }
        }
        // not every connection is a failure (a reset can end one in the accept queue, an eviction closes one): wait
        // until the server holds none of them, then count
        Await.until(Duration.ofSeconds(20), "the strangers' connections gone", () -> server.connectionCount() == 0);
        assertTrue(server.strangerFailures() > each, "failures counted: " + server.strangerFailures());
        TestParams p = TestParams.builder(Mode.ASYNC).length(1024).duration(Duration.ofMillis(300))
                .interval(Duration.ofMillis(100)).build();
        Target t = new Target("127.0.0.1", server.address().getPort(), Duration.ofSeconds(5), Duration.ofSeconds(10),
                new ClientSecurity(SECRET, null), null);
        assertTrue(new RedoClient(new RedoConfig(t, p)).run(new RunListener() {}).summary().bytesReceived() > 0,
                "the client with the secret runs beside them");
        long lines = log.lines().stream().filter(l -> l.contains("127.0.0.2") || l.contains("127.0.0.3")
                || l.contains("127.0.0.4")).count();
        assertTrue(lines <= PeerFailures.MAX_FULL, "at most the first of each kind in full: " + lines + " " + log);
    }

    /** From {@code address}: 0 connect and reset, 1 garbage, 2 a probe frame header then a reset. */
    private void stranger(String address, int how) throws Exception {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName(address), 0));
            s.connect(new InetSocketAddress("127.0.0.1", server.address().getPort()), 2000);
            OutputStream out = s.getOutputStream();
            if (how == 1) {
                out.write("GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } else if (how == 2) {
                out.write(new byte[] {'P', 'R', 'O', 'B', 0, 0, 0, 9, 1});
                out.flush();
            }
            s.setSoLinger(true, 0);
        }
    }

    @Test
    void aWindowEndsWithOneCountPerAddressAndKind() throws Exception {
        List<String> lines = new ArrayList<>();
        // a window of 1 s: run 78 (a fresh clone, five test JVMs beside it) paused over 50 ms between two of these
        // calls, so a 50 ms window ended inside the loop and its second window logged the first in full again
        PeerFailures f = new PeerFailures(lines::add, TimeUnit.SECONDS.toNanos(1));
        EmbeddedChannel ch = new EmbeddedChannel();
        for (int i = 0; i < 1000; i++) {
            f.failed(ch, "connection reset by peer", "connection from x failed: connection reset by peer");
        }
        assertEquals(List.of("connection from x failed: connection reset by peer"), lines, "the first in full");
        Await.until(Duration.ofSeconds(5), "the window's count", () -> {
            ch.runPendingTasks();
            return lines.size() == 2;
        });
        assertTrue(lines.get(1).matches("999 more connection\\(s\\) from embedded failed before proving themselves "
                + "\\(connection reset by peer\\) in the last [12] s"), lines.get(1));
        assertEquals(1000, f.total());
        ch.finishAndReleaseAll();
    }
}
