package dev.probe.core.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.ProbeException;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Auth;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.ServerSecurity;
import dev.probe.core.testing.TestServers;
import dev.probe.core.transport.Transport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Fan-out bulk runs: three agents on 127.0.0.1 (each its own port) driven by a coordinator to one server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FanoutLoopbackTest {
    private static final Auth SECRET = new Auth("agents and coordinator share this".getBytes(StandardCharsets.UTF_8));
    private static final Auth OTHER = new Auth("a different secret, long enough".getBytes(StandardCharsets.UTF_8));
    @TempDir
    Path dir;
    private final List<ProbeServer> started = new ArrayList<>();
    private final List<String> serverLog = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(ProbeServer::close);
    }

    private ProbeServer server() throws Exception {
        ProbeServer s = ProbeServer.start(TestServers.loopback(dir), serverLog::add);
        started.add(s);
        return s;
    }

    private ProbeServer agent(Auth secret) throws Exception {
        ServerConfig c = TestServers.loopback(dir.resolve("agent")).withSecurity(new ServerSecurity(secret, null, null));
        ProbeServer a = ProbeServer.startAgent(c, new AgentConfig(ClientSecurity.none(), Transport.best(),
                Duration.ofSeconds(5), Duration.ofSeconds(10)), line -> { });
        started.add(a);
        return a;
    }

    private static FanoutConfig.HostPort at(ProbeServer s) {
        return new FanoutConfig.HostPort("127.0.0.1", s.address().getPort());
    }

    private static FanoutConfig config(List<ProbeServer> agents, ProbeServer server, BulkParams total) {
        return config(agents, server, total, false);
    }

    private static FanoutConfig config(List<ProbeServer> agents, ProbeServer server, BulkParams total,
                                       boolean tolerateLost) {
        return new FanoutConfig(agents.stream().map(FanoutLoopbackTest::at).toList(), List.of(at(server)), total,
                new ClientSecurity(SECRET, null), Transport.best(), Duration.ofSeconds(5), Duration.ofSeconds(10),
                tolerateLost);
    }

    private static BulkParams backup(int channels, long volume, Duration duration) {
        return new BulkParams(Direction.BACKUP, channels, volume, duration, 1L << 20, Duration.ofMillis(200), 0, true,
                "fan", null);
    }

    @Test
    void threeAgentsMoveTheVolumeSpreadLikeRmanOverScanOnOneTimeline() throws Exception {
        ProbeServer server = server();
        List<ProbeServer> agents = List.of(agent(SECRET), agent(SECRET), agent(SECRET));
        List<MergedInterval> merged = new CopyOnWriteArrayList<>();
        FanoutResult r = new Fanout(config(agents, server, backup(5, 64L << 20, Duration.ZERO))).run(merged::add);

        assertEquals(64L << 20, r.bytes(), "the hosts' bytes add up to the volume");
        assertEquals(List.of(2, 2, 1), r.hosts().stream().map(FanoutResult.Host::channels).toList());
        assertTrue(r.hosts().stream().allMatch(h -> h.summary().verified()));
        assertEquals(r.bytes(), merged.stream().mapToLong(MergedInterval::bytes).sum(), "merged intervals hold every byte");
        for (MergedInterval i : merged) {
            long sum = 0;
            for (long b : i.perHost()) {
                sum += b;
            }
            assertEquals(i.bytes(), sum, "interval " + i.index() + " = the sum of the hosts' shares");
        }
        for (int i = 0; i < merged.size(); i++) {
            assertEquals(i, merged.get(i).index(), "in order, none missing");
        }
        assertTrue(r.startSkewMs() < 100, "start skew " + r.startSkewMs() + " ms");
        assertTrue(r.hosts().stream().allMatch(h -> Math.abs(h.clock().offsetMicros()) < 20_000), "one clock on loopback");
        assertTrue(r.toJson(merged).get("hosts").size() == 3);
        assertEquals(3, serverLog.stream().filter(l -> l.contains("bulk backup run fan-h")).count(), serverLog.toString());
    }

    @Test
    void aWrongSecretOnOneAgentRefusesTheRunBeforeAnyTraffic() throws Exception {
        ProbeServer server = server();
        ProbeServer wrong = agent(OTHER);
        List<ProbeServer> agents = List.of(agent(SECRET), wrong);
        ProbeException e = assertThrows(ProbeException.class,
                () -> new Fanout(config(agents, server, backup(4, 16L << 20, Duration.ZERO))).run(i -> { }));
        assertTrue(e.getMessage().startsWith("agent 127.0.0.1:" + wrong.address().getPort()), e.getMessage());
        Thread.sleep(300);
        assertTrue(serverLog.stream().noneMatch(l -> l.contains("bulk backup")), "no run reached the server: " + serverLog);
    }

    /** Closes {@code doomed} once {@code merged} holds two intervals (the run is under way). */
    private static Thread closeWhenUnderWay(ProbeServer doomed, List<MergedInterval> merged) {
        Thread killer = new Thread(() -> {
            try {
                while (merged.size() < 2) {
                    Thread.sleep(10);
                }
            } catch (InterruptedException ignored) {
                return;
            }
            doomed.close();
        });
        killer.start();
        return killer;
    }

    @Test
    void withTolerateLostTheRunGoesOnWithoutALostAgentAndSaysSo() throws Exception {
        ProbeServer server = server();
        ProbeServer doomed = agent(SECRET);
        List<ProbeServer> agents = List.of(agent(SECRET), doomed);
        List<MergedInterval> merged = new CopyOnWriteArrayList<>();
        Thread killer = closeWhenUnderWay(doomed, merged);
        FanoutResult r = new Fanout(config(agents, server, backup(2, 0, Duration.ofSeconds(4)), true)).run(merged::add);
        killer.join();
        assertEquals(1, r.finished().size());
        FanoutResult.Host lost = r.hosts().get(1);
        assertTrue(lost.loss() != null && lost.loss().reason().contains("agent 127.0.0.1:" + doomed.address().getPort()),
                String.valueOf(lost.loss()));
        assertTrue(lost.loss().bytes() > 0, "its bytes up to the loss are kept apart");
        long[] perHost = new long[2];
        merged.forEach(i -> {
            perHost[0] += i.perHost()[0];
            perHost[1] += i.perHost()[1];
        });
        assertEquals(r.hosts().get(0).summary().bytes(), perHost[0], "the running host's intervals");
        assertEquals(lost.loss().bytes(), perHost[1], "the lost host's intervals");
        assertEquals(1, r.toJson(merged).at("/summary/hosts_lost").asInt());
    }

    @Test
    void aLostAgentFailsTheRunNamingIt() throws Exception {
        ProbeServer server = server();
        ProbeServer doomed = agent(SECRET);
        List<ProbeServer> agents = List.of(agent(SECRET), doomed);
        List<MergedInterval> merged = new CopyOnWriteArrayList<>();
        Thread killer = closeWhenUnderWay(doomed, merged);
        ProbeException e = assertThrows(ProbeException.class,
                () -> new Fanout(config(agents, server, backup(2, 0, Duration.ofSeconds(5)))).run(merged::add));
        killer.join();
        assertTrue(e.getMessage().contains("agent 127.0.0.1:" + doomed.address().getPort()), e.getMessage());
    }

    @Test
    void agentsStopTheirRunsWhenTheCoordinatorGoesAway() throws Exception {
        ProbeServer server = server();
        List<ProbeServer> agents = List.of(agent(SECRET), agent(SECRET));
        List<MergedInterval> merged = new CopyOnWriteArrayList<>();
        Thread coordinator = new Thread(() -> {
            try {
                new Fanout(config(agents, server, backup(2, 0, Duration.ofSeconds(20)))).run(merged::add);
            } catch (InterruptedException | RuntimeException ignored) {
                // interrupted below
            }
        });
        coordinator.start();
        long end = System.currentTimeMillis() + 10_000;
        while (merged.size() < 2 && System.currentTimeMillis() < end) {
            Thread.sleep(50);
        }
        assertTrue(merged.size() >= 2, "the run was under way");
        coordinator.interrupt();
        coordinator.join(5000);
        long gone = System.currentTimeMillis();
        while (server.sessionCount() > 0 && System.currentTimeMillis() - gone < 3000) {
            Thread.sleep(20);
        }
        assertEquals(0, server.sessionCount(), "the agents' runs ended");
        assertTrue(System.currentTimeMillis() - gone < 1500, "within a second or so: " + (System.currentTimeMillis() - gone));
    }
}
