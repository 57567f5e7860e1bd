package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A few addresses cannot lock everyone out without the secret (issue 40, point 2): while 127.0.0.2 and 127.0.0.3
 * hold 512 idle connections each and open a new one for every one the server closes, four runs from 127.0.0.1
 * with the secret all finish whole; the server holds no more of the idle ones than its budget for connections that
 * have proven nothing, and its log stays at a line or so a second however fast they churn.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class IdleConnectionsIT {
    private static final int PER_ADDRESS = 512;
    private static final int RUNS = 4;
    /** The server's budget for handshaking connections with its default --max-conn-per-session (256): 2 x 256. */
    private static final int UNPROVEN_BUDGET = 512;

    @TempDir
    Path dir;

    @Test
    void aClientWithTheSecretIsServedWhileTwoAddressesHoldAThousandReconnectingIdleConnections() throws Exception {
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "a shared secret of enough bytes\n");
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> attackers = new ArrayList<>();
        AtomicLong reconnects = new AtomicLong();
        List<List<SocketChannel>> held = new ArrayList<>();
        try (ProbeProcess server = ProbeProcess.start("server", "--bind", "127.0.0.1", "--port", "0",
                "--secret-file", secret.toString())) {
            int port = server.awaitServerPort();
            for (String from : List.of("127.0.0.2", "127.0.0.3")) {
                List<SocketChannel> mine = new ArrayList<>();
                held.add(mine);
                Thread t = new Thread(() -> holdIdle(from, port, mine, stop, reconnects), "idle-" + from);
                t.setDaemon(true);
                t.start();
                attackers.add(t);
            }
            Thread.sleep(2000); // the idle connections are in place and churning
            int linesBefore = server.stdout().split("\n").length;
            long t0 = System.nanoTime();
            for (int i = 0; i < RUNS; i++) {
                Path json = dir.resolve("run" + i + ".json");
                ProbeProcess client = ProbeProcess.start("client", "127.0.0.1", "--port", String.valueOf(port),
                        "--mode", i % 2 == 0 ? "sync" : "async", "--duration", "1s", "--secret-file",
                        secret.toString(), "--json", json.toString());
                assertEquals(0, client.awaitExit(), "run " + i + ": " + client.stdout() + client.stderr());
                JsonNode doc = new ObjectMapper().readTree(json.toFile());
                assertTrue(doc.at("/incomplete").isMissingNode(), "run " + i + " whole: " + doc.at("/incomplete"));
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            int lines = server.stdout().split("\n").length - linesBefore;
            assertTrue(reconnects.get() > PER_ADDRESS, "the idle connections churned: " + reconnects.get()
                    + " reconnects");
            int open = 0;
            for (List<SocketChannel> mine : held) {
                synchronized (mine) {
                    open += (int) mine.stream().filter(SocketChannel::isOpen).count();
                }
            }
            assertTrue(open <= 2 * PER_ADDRESS, "held " + open);
            assertTrue(lines <= 4 * seconds + 16, lines + " log lines in " + Math.round(seconds) + " s of churn ("
                    + reconnects.get() + " reconnects): " + server.stdout());
            assertFalse(server.stdout().contains("Exception"), server.stdout());
            System.out.printf("%d of %d runs whole in %.1f s while %d idle connections reconnected %d times; "
                    + "%d server log lines%n", RUNS, RUNS, seconds, 2 * PER_ADDRESS, reconnects.get(), lines);
            assertTrue(server.stdout().contains("had proven nothing yet"), "the budget of " + UNPROVEN_BUDGET
                    + " was full and evicted: " + server.stdout());
        } finally {
            stop.set(true);
            for (Thread t : attackers) {
                t.join(10_000);
            }
            for (List<SocketChannel> mine : held) {
                synchronized (mine) {
                    for (SocketChannel ch : mine) {
                        ch.close();
                    }
                }
            }
        }
    }

    /** Whether {@code ch} is still open and the server said nothing on it (closed or reset: false). */
    private static boolean silent(SocketChannel ch, ByteBuffer one) {
        one.clear();
        try {
            return ch.isOpen() && ch.read(one) == 0;
        } catch (IOException reset) {
            return false;
        }
    }

    /** Keeps {@link #PER_ADDRESS} silent connections from {@code from} open, reopening each the server closes. */
    private static void holdIdle(String from, int port, List<SocketChannel> mine, AtomicBoolean stop,
                                 AtomicLong reconnects) {
        ByteBuffer one = ByteBuffer.allocate(1);
        try {
            while (!stop.get()) {
                synchronized (mine) {
                    for (int i = 0; i < PER_ADDRESS && !stop.get(); i++) {
                        SocketChannel ch = i < mine.size() ? mine.get(i) : null;
                        if (ch != null) {
                            if (silent(ch, one)) {
                                continue;
                            }
                            ch.close();
                            reconnects.incrementAndGet();
                        }
                        SocketChannel fresh = SocketChannel.open();
                        fresh.bind(new InetSocketAddress(from, 0));
                        fresh.connect(new InetSocketAddress("127.0.0.1", port));
                        fresh.configureBlocking(false);
                        if (i < mine.size()) {
                            mine.set(i, fresh);
                        } else {
                            mine.add(fresh);
                        }
                    }
                }
                Thread.sleep(20);
            }
        } catch (IOException | InterruptedException e) {
            // the server went away at the end of the test, or the test is over
        }
    }
}
