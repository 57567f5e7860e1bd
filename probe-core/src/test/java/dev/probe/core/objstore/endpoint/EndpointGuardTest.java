package dev.probe.core.objstore.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.testing.Await;
import dev.probe.core.testing.TestServers;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
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

/**
 * The endpoint before any request is read (issue 23, point 3; issue 40, point 2): idle connections from a few
 * addresses cannot lock out one that sends a request, one address's requests stop at its cap, and a request dribbled a byte at a time is cut off at the header deadline though every byte resets the
 * idle timer. Loopback aliases (127.0.0.2) stand for a second host.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EndpointGuardTest {
    @TempDir
    Path dir;
    private ProbeServer server;
    private final List<Socket> sockets = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = ProbeServer.start(TestServers.loopback(dir).withTimeouts(Duration.ofSeconds(60), Duration.ofSeconds(1),
                Duration.ofHours(1)), new EndpointConfig(0, "memory", "probe", null, true, null), line -> {});
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
        server.close();
    }

    private Socket connect(String from) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
        s.connect(new InetSocketAddress("127.0.0.1", server.objectStoreAddress().getPort()), 5000);
        s.setSoTimeout(5000);
        sockets.add(s);
        return s;
    }

    /** True when the server has closed {@code s}; an admitted, idle connection answers nothing within 20 ms. */
    private static boolean closedByServer(Socket s) throws IOException {
        s.setSoTimeout(20);
        try {
            return s.getInputStream().read() == -1;
        } catch (SocketTimeoutException open) {
            return false;
        } finally {
            s.setSoTimeout(5000);
        }
    }

    private static String get(Socket s) throws IOException {
        s.getOutputStream().write("GET /n HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        byte[] b = new byte[12];
        int n = s.getInputStream().readNBytes(b, 0, 12);
        return new String(b, 0, n, StandardCharsets.US_ASCII);
    }

    @Test
    void idleConnectionsFromAFewAddressesDoNotLockOutOneThatSendsARequest() throws Exception {
        String warm = get(connect("127.0.0.5")); // the request path warmed up: its timing below is the guard's
        assertTrue(warm.startsWith("HTTP/1.1"), warm);
        sockets.remove(sockets.size() - 1).close();
        for (String from : List.of("127.0.0.2", "127.0.0.3", "127.0.0.4")) {
            for (int i = 0; i < EndpointInitializer.MAX_PER_SOURCE; i++) {
                connect(from);
            }
        }
        for (int i = 0; i < 5; i++) {
            long t0 = System.nanoTime();
            assertEquals("HTTP/1.1 200", get(connect("127.0.0.1")), "a request from a fourth address is served");
            assertTrue(System.nanoTime() - t0 < 1_000_000_000L, "at once: " + (System.nanoTime() - t0) / 1e6 + " ms");
        }
        int held = 0;
        for (Socket s : sockets) {
            held += closedByServer(s) ? 0 : 1;
        }
        assertTrue(held <= EndpointInitializer.UNPROVEN + 5, "of 192 idle connections at most the budget of "
                + EndpointInitializer.UNPROVEN + " held (and the five served): " + held);
        Await.until(Duration.ofSeconds(5), "idle ones closed at the 1 s deadline from accept (no byte sent)",
                () -> sockets.subList(0, 3 * EndpointInitializer.MAX_PER_SOURCE).stream().allMatch(s -> {
                    try {
                        return closedByServer(s);
                    } catch (IOException e) {
                        return true;
                    }
                }));
    }

    @Test
    void oneSourcesRequestsStopAtThePerSourceCapAndOthersAreServed() throws Exception {
        List<String> answers = new ArrayList<>();
        for (int i = 0; i <= EndpointInitializer.MAX_PER_SOURCE; i++) {
            answers.add(get(connect("127.0.0.1")));
        }
        assertEquals(EndpointInitializer.MAX_PER_SOURCE, answers.stream().filter("HTTP/1.1 200"::equals).count(),
                answers
                        .toString());
        assertEquals("HTTP/1.1 429", answers.get(EndpointInitializer.MAX_PER_SOURCE),
                "the one over the per-source cap");
        assertEquals("HTTP/1.1 200", get(connect("127.0.0.2")), "another address is still served");
        sockets.get(0).close();
        Await.until(Duration.ofSeconds(5), "a freed slot is usable again", () -> {
            try {
                return "HTTP/1.1 200".equals(get(connect("127.0.0.1")));
            } catch (IOException stillFull) {
                return false;
            }
        });
    }

    @Test
    void aRequestDribbledAByteAtATimeIsCutOffAtTheHeaderDeadline() throws Exception {
        Socket s = connect("127.0.0.1");
        OutputStream out = s.getOutputStream();
        InputStream in = s.getInputStream();
        s.setSoTimeout(300);
        long t0 = System.nanoTime();
        byte[] request = "GET /n HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII);
        boolean closed = false;
        for (int i = 0; i < request.length && !closed; i++) {
            try {
                out.write(request[i]);
                out.flush();
                closed = in.read() == -1;
            } catch (SocketTimeoutException stillOpen) {
                // nothing yet: the next byte
            } catch (IOException reset) {
                closed = true;
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(closed, "closed before the headers were whole");
        assertTrue(seconds > 0.9 && seconds < 5, "at the 1 s deadline, not the 60 s idle timeout: " + seconds);
        assertEquals("HTTP/1.1 200", get(connect("127.0.0.1")), "a request sent at once is served");
    }
}
