package dev.probe.core.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.HostPort;
import dev.probe.core.client.ProbeException;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Auth;
import dev.probe.core.testing.AgentTestbed;
import dev.probe.core.testing.Await;
import dev.probe.core.transport.Transport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Fan-out bulk runs: three agents on 127.0.0.1 (each its own port) driven by a coordinator to one server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FanoutLoopbackTest {
    private static final Auth SECRET = AgentTestbed.SECRET;
    private static final Auth OTHER = new Auth("a different secret, long enough".getBytes(StandardCharsets.UTF_8));
    @TempDir
    Path dir;
    private AgentTestbed bed;
    private List<String> serverLog;

    @BeforeEach
    void start() {
        bed = new AgentTestbed(dir);
        serverLog = bed.serverLog;
    }

    @AfterEach
    void stop() {
        bed.close();
    }

    private ProbeServer server() throws Exception {
        return bed.server();
    }

    private ProbeServer server(List<String> log) throws Exception {
        return bed.server(log);
    }

    private ProbeServer agent(Auth secret) throws Exception {
        return bed.agent(secret, AgentLimits.defaults(AllowedTargets.loopback()));
    }

    private static HostPort at(ProbeServer s) {
        return AgentTestbed.at(s);
    }

    private static FanoutConfig config(List<ProbeServer> agents, ProbeServer server, SessionSpec total) {
        return config(agents, server, total, false);
    }

    private static FanoutConfig config(List<ProbeServer> agents, ProbeServer server, SessionSpec total,
                                       boolean tolerateLost) {
        return config(agents, List.of(server), total, tolerateLost);
    }

    private static FanoutConfig config(List<ProbeServer> agents, List<ProbeServer> servers, SessionSpec total,
                                       boolean tolerateLost) {
        return new FanoutConfig(agents.stream().map(FanoutLoopbackTest::at).toList(),
                servers.stream().map(FanoutLoopbackTest::at).toList(), total,
                new ClientSecurity(SECRET, null), Transport.best(), Duration.ofSeconds(5), Duration.ofSeconds(10),
                tolerateLost);
    }

    private static final Pattern FINISHED = Pattern.compile("session \\S+ finished: \\d+ message\\(s\\), (\\d+) bytes");

    /** The bytes a server counted over its finished sessions, and how many there were. */
    private static long[] counted(List<String> log) {
        long[] bytesAndSessions = new long[2];
        for (String line : log) {
            Matcher m = FINISHED.matcher(line);
            if (m.find()) {
                bytesAndSessions[0] += Long.parseLong(m.group(1));
                bytesAndSessions[1]++;
            }
        }
        return bytesAndSessions;
    }

    @Test
    void withTwoServersEachHostsChannelsGoRoundRobinAndTheServersCountEveryByte() throws Exception {
        List<String> log0 = new CopyOnWriteArrayList<>();
        List<String> log1 = new CopyOnWriteArrayList<>();
        List<ProbeServer> servers = List.of(server(log0), server(log1));
        List<ProbeServer> agents = List.of(agent(SECRET), agent(SECRET));
        List<MergedInterval> merged = new CopyOnWriteArrayList<>();
        FanoutResult r = new Fanout(config(agents, servers, backup(3, 24L << 20, Duration.ZERO), false)).run(
                merged::add);

        assertEquals(24L << 20, r.bytes());
        // host 0: 2 channels, one to each server; host 1: 1 channel, to server 1 (1 mod 2)
        assertEquals(List.of(at(servers.get(0)).toString(), at(servers.get(1)).toString()), r.hosts().get(0).to());
        assertEquals(List.of(at(servers.get(1)).toString()), r.hosts().get(1).to());
        Await.until(Duration.ofSeconds(5), "both servers logged their channels' ends",
                () -> counted(log0)[1] >= 1 && counted(log1)[1] >= 2);
        assertEquals(1, counted(log0)[1], log0.toString());
        assertEquals(2, counted(log1)[1], log1.toString());
        assertEquals(r.bytes(), counted(log0)[0] + counted(log1)[0], "the servers counted every byte the hosts report");
        assertEquals(r.bytes(), merged.stream().mapToLong(MergedInterval::bytes).sum(), "and the merged timeline");
    }

    /** Issue 25, point 4: the coordinator's --dscp marks the agents' legs; the server logs the class each SYN had. */
    @Test
    void theAgentsLegsCarryTheCoordinatorsDscp() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        ProbeServer server = server(log);
        List<ProbeServer> agents = List.of(agent(SECRET), agent(SECRET));
        TestParams sync = TestParams.builder(Mode.SYNC).length(4096).connections(2).duration(Duration.ofMillis(500))
                .interval(Duration.ofMillis(250)).build();
        new Fanout(config(agents, server, sync, false).withDscp(46)).run(m -> {});
        long marked = log.stream().filter(l -> l.contains(": its SYN arrived with DSCP 46")).count();
        assumeTrue(marked > 0 || log.stream().noneMatch(l -> l.contains("SYN arrived")),
                "this kernel does not save SYNs (TCP_SAVE_SYN): " + log);
        assertEquals(2, marked, "both hosts' sessions: " + log);
        assertEquals(46, AgentParams.fromJson(new AgentParams(List.of(new AgentParams.Leg("h", 1, sync)), 46).toJson())
                .dscp());
    }

    @Test
    void aSyncTestFansOutByConnectionsWithLatencyOnTheMergedTimeline() throws Exception {
        ProbeServer server = server();
        List<ProbeServer> agents = List.of(agent(SECRET), agent(SECRET));
        List<MergedInterval> merged = new CopyOnWriteArrayList<>();
        TestParams sync = TestParams.builder(Mode.SYNC).length(4096).connections(3).duration(Duration.ofSeconds(1))
                .interval(Duration.ofMillis(200)).build();
        FanoutResult r = new Fanout(config(agents, server, sync, false)).run(merged::add);

        assertEquals("sync", r.kind());
        assertEquals(List.of(2, 1), r.hosts().stream().map(FanoutResult.Host::channels).toList());
        assertTrue(r.hosts().stream().allMatch(h -> h.summary().messages() > 0 && h.summary().latencyAvgMs() > 0));
        long messages = r.hosts().stream().mapToLong(h -> h.summary().messages()).sum();
        assertEquals(messages, r.tail().at("/summary/messages").asLong());
        assertTrue(r.tail().at("/summary/latency_ms/p99_at_most").asDouble() > 0, r.tail().toString());
        assertTrue(merged.size() >= 3, "intervals: " + merged.size());
        for (MergedInterval i : merged) {
            assertEquals(i.bytes(), i.perHost().stream().mapToLong(HostInterval::bytes).sum());
            assertEquals(i.all().messages(), i.perHost().stream().mapToLong(HostInterval::messages).sum());
        }
        assertTrue(r.startSkewMs() < 100, "start skew " + r.startSkewMs() + " ms");
        Await.until(Duration.ofSeconds(5), "the server logged both channels' ends", () -> counted(serverLog)[1] >= 2);
        assertEquals(r.bytes(), counted(serverLog)[0], "the server counted what the hosts report: " + serverLog);
    }

    private static BulkParams backup(int channels, long volume, Duration duration) {
        return BulkParams.builder(Direction.BACKUP, "fan").channels(channels).volume(volume).duration(duration)
                .interval(Duration.ofMillis(200)).build();
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
        assertEquals(r.bytes(), merged.stream().mapToLong(MergedInterval::bytes).sum(),
                "merged intervals hold every byte");
        for (MergedInterval i : merged) {
            long sum = i.perHost().stream().mapToLong(HostInterval::bytes).sum();
            assertEquals(i.bytes(), sum, "interval " + i.index() + " = the sum of the hosts' shares");
        }
        for (int i = 0; i < merged.size(); i++) {
            assertEquals(i, merged.get(i).index(), "in order, none missing");
        }
        assertTrue(r.startSkewMs() < 100, "start skew " + r.startSkewMs() + " ms");
        assertTrue(r.hosts().stream().allMatch(h -> Math.abs(h.clock().offsetMicros()) < 20_000),
                "one clock on loopback");
        assertEquals(3, r.tail().get("hosts").size());
        assertEquals(3, serverLog.stream().filter(l -> l.contains("bulk backup run fan-h")).count(), serverLog
                .toString());
    }

    @Test
    void aWrongSecretOnOneAgentRefusesTheRunBeforeAnyTraffic() throws Exception {
        ProbeServer server = server();
        ProbeServer wrong = agent(OTHER);
        List<ProbeServer> agents = List.of(agent(SECRET), wrong);
        ProbeException e = assertThrows(ProbeException.class,
                () -> new Fanout(config(agents, server, backup(4, 16L << 20, Duration.ZERO))).run(i -> {}));
        assertTrue(e.getMessage().startsWith("agent 127.0.0.1:" + wrong.address().getPort()), e.getMessage());
        // once every agent's control connection is gone no run can start any more: then nothing may have arrived
        Await.until(Duration.ofSeconds(5), "the agents' sessions ended", () -> agents.get(0).sessionCount() == 0);
        assertEquals(0, server.sessionCount(), "no session at the server");
        assertTrue(serverLog.stream().noneMatch(l -> l.contains("bulk backup")), "no run reached the server: "
                + serverLog);
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
        assertTrue(lost.loss() != null && lost.loss().reason().contains("agent 127.0.0.1:" + doomed.address()
                .getPort()),
                String.valueOf(lost.loss()));
        assertTrue(lost.loss().bytes() > 0, "its bytes up to the loss are kept apart");
        long[] perHost = new long[2];
        merged.forEach(i -> {
            perHost[0] += i.perHost().get(0).bytes();
            perHost[1] += i.perHost().get(1).bytes();
        });
        assertEquals(r.hosts().get(0).summary().bytes(), perHost[0], "the running host's intervals");
        assertEquals(lost.loss().bytes(), perHost[1], "the lost host's intervals");
        assertEquals(1, r.tail().at("/summary/hosts_lost").asInt());
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
        Await.until(Duration.ofSeconds(10), "the run under way", () -> merged.size() >= 2);
        coordinator.interrupt();
        coordinator.join(5000);
        long gone = System.currentTimeMillis();
        Await.until(Duration.ofSeconds(3), "the agents' runs ended", () -> server.sessionCount() == 0);
        assertTrue(System.currentTimeMillis() - gone < 1500, "within a second or so: " + (System.currentTimeMillis()
                - gone));
    }
}
