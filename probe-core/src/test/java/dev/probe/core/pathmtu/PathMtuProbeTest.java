package dev.probe.core.pathmtu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.testing.RunningServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The path-MTU probe against a real server on loopback (which carries any size, so full-size packets pass both
 * ways with one probe each), the search's arithmetic, and the words each finding prints. The lab's black hole is
 * PathMtuEcmpLabIT's.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PathMtuProbeTest {
    @RegisterExtension
    final RunningServer server = RunningServer.with(c -> c);

    @Test
    void onLoopbackFullSizePacketsPassBothWaysWithOneProbeEach() throws Exception {
        Target target = Target.of("127.0.0.1", server.port());
        assumeTrue(target.transport().clampsSegments(), "needs epoll");
        for (boolean toward : new boolean[] {true, false}) {
            PathMtu p = new PathMtuProbe(target).check(toward, new RunStop());
            assertEquals(PathMtu.Status.FULL, p.status(), p.toString());
            assertEquals(1, p.probes(), "one probe when the full size passes");
            assertEquals(32_767 + 40, p.largest(), "the largest a probe sends (TCP_MAXSEG's limit): " + p);
            assertTrue(p.seconds() < PathMtuProbe.STALL.toSeconds(), "no stall: " + p);
        }
    }

    /**
     * A BundleIT run on a loaded CI host: the server answered HELLO after the 3 s stall, and the probe ended qualify
     * with "no READY from server within 3 s". A READY is one small segment any path carries: the probe waits the
     * network timeout for it and the full size still passes.
     */
    @Test
    void aServerSlowToAnswerHelloIsNotAStallOrAnError() throws Exception {
        Target direct = Target.of("127.0.0.1", server.port());
        assumeTrue(direct.transport().clampsSegments(), "needs epoll");
        try (ServerSocket slow = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread relay = new Thread(() -> relay(slow, server.port(), 4_000), "slow-relay");
            relay.setDaemon(true);
            relay.start();
            PathMtu p = new PathMtuProbe(Target.of("127.0.0.1", slow.getLocalPort())).check(true, new RunStop());
            assertEquals(PathMtu.Status.FULL, p.status(), p.toString());
            assertTrue(p.seconds() >= 4, "it waited for the late READY: " + p);
        }
    }

    /** Carries each connection to {@code port} both ways after {@code delayMs}: a server slow to answer. */
    private static void relay(ServerSocket listen, int port, long delayMs) {
        while (!listen.isClosed()) {
            try {
                Socket in = listen.accept();
                Thread t = new Thread(() -> carry(in, port, delayMs), "slow-relay-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void carry(Socket in, int port, long delayMs) {
        try (in; Socket out = new Socket(InetAddress.getLoopbackAddress(), port)) {
            Thread.sleep(delayMs);
            Thread back = new Thread(() -> pipe(out, in), "slow-relay-back");
            back.setDaemon(true);
            back.start();
            pipe(in, out);
            back.join(5_000);
        } catch (IOException | InterruptedException e) {
            // the test's assertions say what went wrong
        }
    }

    private static void pipe(Socket from, Socket to) {
        try {
            from.getInputStream().transferTo(to.getOutputStream());
            to.shutdownOutput();
        } catch (IOException e) {
            // the other side closed (probes close with a reset)
        }
    }

    @Test
    void eachRoundSpreadsItsProbesEvenlyBetweenWhatPassedAndWhatStalled() {
        assertEquals(List.of(2, 4, 6, 8), PathMtuProbe.between(0, 10, 4));
        assertEquals(List.of(1501), PathMtuProbe.between(1500, 1502, 15), "one size left to try");
        assertEquals(List.of(), PathMtuProbe.between(1500, 1501, 15), "the edge is found");
        List<Integer> first = PathMtuProbe.between(576, 9000, 13);
        assertEquals(13, first.size());
        assertTrue(first.get(0) > 576 && first.get(12) < 9000 && first.get(1) - first.get(0) >= 601, first.toString());
    }

    @Test
    void eachFindingSaysWhatPassesAndABlackHoleSaysWhatToDo() {
        PathMtu hole = new PathMtu(true, PathMtu.Status.BLACK_HOLE, 9000, 1500, "0 on the sender, 0 on the receiver",
                31, 12.5, null);
        String line = hole.describe("the primary to standby", "the primary");
        assertTrue(line.startsWith("the primary to standby: path MTU 1500 with ICMP blocked: segments over 1500 bytes "
                + "are lost without an error (the primary sends 9000-byte packets"), line);
        assertTrue(line.contains("clamp the MSS to 1460") && line.contains("tcp_mtu_probing=1 on both hosts (now 0 on "
                + "the sender, 0 on the receiver)") && line.contains("SDU of 1460 or less"), line);
        assertTrue(hole.stalls());
        PathMtu learned = new PathMtu(false, PathMtu.Status.LEARNED, 9000, 1400, "?", 1, 0.3, null);
        assertTrue(learned.describe("the standby to primary", "the standby").startsWith(
                "the standby to primary: path MTU 1400, "
                        + "below the standby's interface MTU 9000; ICMP 'fragmentation needed' comes back"));
        assertTrue(!learned.stalls());
        assertEquals("black_hole", hole.toJson().path("status").asText());
        assertEquals(1500, hole.toJson().path("largest_packet").asInt());
    }
}
