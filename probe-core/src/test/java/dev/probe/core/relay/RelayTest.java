package dev.probe.core.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.agent.AgentLimits;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.RelayParams;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.Relayed;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TestResult;
import dev.probe.core.testing.TestServers;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent relays a test as a Far Sync forwards redo: the client's messages are received (ACKed after the forced write
 * for SYNC AFFIRM) and each reaches the next hop's probe server, whose counts come back to the client in the final
 * RELAYED frame; a next hop's rate holds back what production would not forward; a next hop the agent may not reach,
 * or cannot, refuses the session before any data.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RelayTest {
    @TempDir
    Path dir;
    private ProbeServer server;
    private ProbeServer agent;

    @BeforeEach
    void start() throws Exception {
        server = ProbeServer.start(TestServers.loopback(dir.resolve("server")), line -> {});
        agent = TestServers.loopbackAgent(dir.resolve("agent"));
    }

    @AfterEach
    void stop() {
        agent.close();
        server.close();
    }

    private record Run(TestResult result, List<Relayed> relayed) {
    }

    private Run relay(TestParams test, RelayParams.Next... next) throws InterruptedException {
        List<Relayed> heard = new CopyOnWriteArrayList<>();
        Target at = Target.of("127.0.0.1", agent.address().getPort());
        TestResult r = new RedoClient(new RedoConfig(at, test, new RelayParams(test, List.of(next))))
                .run(new RunListener() {
                    @Override
                    public void onRelayed(Relayed relayed) {
                        heard.add(relayed);
                    }
                });
        return new Run(r, heard);
    }

    private RelayParams.Next toServer(double bytesPerSecond) {
        return new RelayParams.Next("127.0.0.1", server.address().getPort(), bytesPerSecond);
    }

    @Test
    void aSyncAffirmTestIsAckedAfterTheRelaysWriteAndEveryMessageReachesTheNextHop() throws Exception {
        TestParams test = TestParams.builder(Mode.SYNC).length(32 * 1024).duration(Duration.ofSeconds(2))
                .interval(Duration.ofMillis(500)).write(true).build();
        Run run = relay(test, toServer(0));
        Relayed last = run.relayed().get(run.relayed().size() - 1);
        assertTrue(last.last(), "the final frame carries the next hop's count: " + last);
        long messages = run.result().summary().messages();
        assertTrue(messages > 10, "messages: " + messages);
        assertEquals(messages, last.forwardedMessages(), "every message forwarded");
        assertEquals(0, last.heldMessages());
        assertEquals(messages * test.length(), last.delivered(), "the next hop received every byte");
        assertTrue(run.result().summary().disk().p50() > 0, "AFFIRM: the relay wrote before its ACK");
        assertTrue(run.relayed().size() >= 3, "a frame every interval, then the final one: " + run.relayed().size());
        if (last.tcp() != null) {
            assertTrue(last.tcp().bytesAcked() >= last.forwardedBytes(),
                    "the next hop acknowledged what was forwarded");
        }
    }

    @Test
    void aNextHopsRateHoldsBackWhatProductionWouldNotForward() throws Exception {
        TestParams test = TestParams.builder(Mode.ASYNC).length(64 * 1024).duration(Duration.ofSeconds(2))
                .interval(Duration.ofMillis(500)).build();
        double rate = 4e6;
        Run run = relay(test, toServer(rate));
        Relayed last = run.relayed().get(run.relayed().size() - 1);
        double seconds = last.micros() / 1e6;
        assertTrue(last.heldMessages() > 0, "an unpaced client sends more than 4 MB/s: " + last);
        assertTrue(last.forwardedBytes() <= rate * (seconds + 0.05) + 3 * (test.length() + 8) + 1,
                "forwarded no more than the hop's rate: " + last.forwardedBytes() + " in " + seconds + " s");
        assertTrue(last.forwardedBytes() >= 0.8 * rate * seconds, "forwarded about the hop's rate: " + last);
        assertEquals(last.forwardedMessages() * test.length(), last.delivered());
    }

    @Test
    void theRelaysTimeIsTheTimeItsClientSent() throws Exception {
        TestParams test = TestParams.builder(Mode.SYNC).length(1024).duration(Duration.ofSeconds(1)).build();
        Downstream d = new Downstream(toServer(0), test, false);
        EmbeddedChannel next = new EmbeddedChannel();
        d.attach(next);
        send(d);
        Thread.sleep(300);
        Relayed idle = d.progress(-1);
        assertEquals(1, idle.forwardedMessages());
        assertTrue(idle.micros() < 150_000, "no data for 300 ms (a client waiting for its last ACK before END): "
                + "not the relay's time, " + idle.micros() + " us");
        send(d);
        assertTrue(d.progress(-1).micros() >= 300_000, "the next message's arrival is");
        next.finishAndReleaseAll();
    }

    private static void send(Downstream d) {
        DataChunk message = new DataChunk(Unpooled.wrappedBuffer(new byte[1024]), true, true);
        d.forward(message);
        message.release();
    }

    @Test
    void aNextHopTheAgentMayNotReachOrCannotRefusesTheSession() throws Exception {
        TestParams test = TestParams.builder(Mode.ASYNC).length(1024).duration(Duration.ofSeconds(1)).build();
        ProbeException notAllowed = assertThrows(ProbeException.class,
                () -> relay(test, new RelayParams.Next("192.0.2.1", 5555, 0)));
        assertTrue(notAllowed.getMessage().contains("192.0.2.1"), notAllowed.getMessage());
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        int port = closed;
        ProbeException unreachable = assertThrows(ProbeException.class,
                () -> relay(test, new RelayParams.Next("127.0.0.1", port, 0)));
        assertNotNull(unreachable.getMessage());
        assertTrue(unreachable.getMessage().contains("next hop 127.0.0.1:" + port), unreachable.getMessage());
    }

    @Test
    void aRelayKeepsTheAgentsOwnLimits() throws Exception {
        agent.close();
        long maxBytes = 10L << 20;
        agent = TestServers.loopbackAgent(dir.resolve("limited"), new AgentLimits(
                AllowedTargets.loopback(), 4, 1, 256, maxBytes));
        // 30 s asked: a relay the cap did not stop would run them all; one it stopped ends within seconds, however
        // loaded the host (the bound was 4 s of a 5 s test)
        TestParams test = TestParams.builder(Mode.ASYNC).length(64 * 1024).duration(Duration.ofSeconds(30)).build();
        ProbeException legs = assertThrows(ProbeException.class, () -> relay(test, toServer(0), toServer(0)));
        assertTrue(legs.getMessage().contains("2 next hops exceed this agent's --max-legs of 1"), legs.getMessage());
        long t0 = System.nanoTime();
        ProbeException bytes = assertThrows(ProbeException.class, () -> relay(test, toServer(0)));
        assertTrue(bytes.getMessage().contains("--max-bytes of 10,485,760 bytes"), bytes.getMessage());
        assertTrue(System.nanoTime() - t0 < 15_000_000_000L, "stopped when it passed the cap, not at the test's end");
        assertThrows(BadParameterException.class, () -> new RelayParams(test,
                Collections.nCopies(RelayParams.MAX_NEXT + 1, toServer(0))), "at most 4 next hops");
    }
}
