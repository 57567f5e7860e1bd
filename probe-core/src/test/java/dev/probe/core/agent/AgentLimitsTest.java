package dev.probe.core.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.ProbeException;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Auth;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.testing.AgentTestbed;
import dev.probe.core.testing.Await;
import dev.probe.core.transport.Transport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, point 1: an agent sends only where its --allow-targets allow, and only as much as its own limits
 * allow, whatever an (authenticated) coordinator asks; every refusal names the agent's flag and comes before any
 * traffic.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AgentLimitsTest {
    private static final Auth SECRET = AgentTestbed.SECRET;
    private AgentTestbed bed;

    @BeforeEach
    void start(@TempDir Path dir) {
        bed = new AgentTestbed(dir);
    }

    @AfterEach
    void stop() {
        bed.close();
    }

    private static FanoutResult run(ProbeServer agent, ProbeServer server, SessionSpec total)
            throws Exception {
        return new Fanout(new FanoutConfig(List.of(AgentTestbed.at(agent)), List.of(AgentTestbed.at(server)), total,
                new ClientSecurity(SECRET, null),
                Transport.best(), Duration.ofSeconds(5), Duration.ofSeconds(10), false)).run(i -> {});
    }

    private static BulkParams backup(int channels, long volume, Duration duration) {
        return BulkParams.builder(Direction.BACKUP, "lim").channels(channels).volume(volume).duration(duration)
                .interval(Duration.ofMillis(200)).build();
    }

    private static AgentLimits limits(String targets, int runs, int channels, long bytes) {
        return new AgentLimits(AllowedTargets.of("allow-targets", List.of(targets)), runs, AgentParams.MAX_LEGS,
                channels, bytes);
    }

    private void assertRefusedBeforeTraffic(ProbeServer agent, ProbeServer server, BulkParams total, String flag)
            throws Exception {
        ProbeException e = assertThrows(ProbeException.class, () -> run(agent, server, total));
        assertTrue(e.getMessage().contains(flag), e.getMessage());
        // once the agent's control connection is gone no run can start any more: then nothing may have arrived
        Await.until(Duration.ofSeconds(5), "the agent's session ended", () -> agent.sessionCount() == 0);
        assertEquals(0, server.sessionCount(), "no session at the server");
        assertTrue(bed.serverLog.stream().noneMatch(l -> l.contains("bulk backup")),
                "no run reached the server: " + bed.serverLog);
    }

    @Test
    void aServerOutsideAllowTargetsIsNeverContacted() throws Exception {
        ProbeServer server = bed.server();
        ProbeServer agent = bed.agent(SECRET, limits("10.0.0.0/8", 4, 256, 1L << 40));
        assertRefusedBeforeTraffic(agent, server, backup(2, 8L << 20, Duration.ZERO), "--allow-targets 10.0.0.0/8");
        assertEquals(0, server.connectionCount());
    }

    @Test
    void moreChannelsOrBytesThanTheAgentAllowsAreRefusedNamingItsFlag() throws Exception {
        ProbeServer server = bed.server();
        ProbeServer agent = bed.agent(SECRET, limits("127.0.0.1", 4, 2, 8L << 20));
        assertRefusedBeforeTraffic(agent, server, backup(3, 4L << 20, Duration.ZERO), "--max-channels of 2");
        assertRefusedBeforeTraffic(agent, server, backup(2, 16L << 20, Duration.ZERO), "--max-bytes of 8,388,608");
        assertEquals(8L << 20, run(agent, server, backup(2, 8L << 20, Duration.ZERO)).bytes(), "within both: runs");
    }

    @Test
    void aTimedRunIsStoppedWhenItPassesMaxBytes() throws Exception {
        ProbeServer server = bed.server();
        ProbeServer agent = bed.agent(SECRET, limits("127.0.0.0/8", 4, 256, 64L << 20));
        long t0 = System.nanoTime();
        ProbeException e = assertThrows(ProbeException.class,
                () -> run(agent, server, backup(2, 0, Duration.ofSeconds(20))));
        assertTrue(e.getMessage().contains(String.format("--max-bytes of %,d", 64L << 20)), e.getMessage());
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(15), "stopped, not run out");
    }

    /** Issue 40, point 4: with 10 s intervals the cap still holds within 10 %, for a bulk and an async leg. */
    @Test
    void maxBytesHoldsWhereBytesAreCountedNotAtTheInterval() throws Exception {
        long cap = 64L << 20;
        ProbeServer server = bed.server();
        ProbeServer agent = bed.agent(SECRET, limits("127.0.0.0/8", 4, 256, cap));
        SessionSpec bulk = BulkParams.builder(Direction.BACKUP, "cap").channels(2).volume(0)
                .duration(Duration.ofSeconds(20)).interval(Duration.ofSeconds(10)).build();
        SessionSpec async = TestParams.builder(
                Mode.ASYNC).length(1 << 20).connections(2).duration(Duration.ofSeconds(20))
                .interval(Duration.ofSeconds(10)).build();
        for (SessionSpec leg : List.of(bulk, async)) {
            ProbeException e = assertThrows(ProbeException.class, () -> run(agent, server, leg));
            Matcher m = Pattern.compile("stopped at ([0-9,]+)").matcher(e.getMessage());
            assertTrue(m.find(), e.getMessage());
            long moved = Long.parseLong(m.group(1).replace(",", ""));
            System.out.printf("%s leg, 10 s intervals, --max-bytes %,d: stopped at %,d (%.3f x)%n", leg.kind(), cap,
                    moved, moved / (double) cap);
            assertTrue(moved > cap && moved <= cap * 1.1, leg.kind() + ": " + moved + " bytes against a cap of " + cap
                    + " (38 x the cap before, with 10 s intervals)");
            Await.until(Duration.ofSeconds(10), "the agent's run ended", () -> agent.sessionCount() == 0);
        }
        String longer = assertThrows(ProbeException.class, () -> run(agent, server, BulkParams.builder(
                Direction.BACKUP, "cap").channels(1).volume(1L << 20).interval(Duration.ofSeconds(3600)).build()))
                        .getMessage();
        assertTrue(longer.contains("an interval of 3600 s is over the 60 s an agent reports at"), longer);
        String tooLong = assertThrows(ProbeException.class, () -> run(agent, server, backup(1, 0,
                Duration.ofHours(2)))).getMessage();
        assertTrue(tooLong.contains("exceeds this agent's max-duration"), "the agent's own flag, not this server's: "
                + tooLong);
    }

    @Test
    void runsBeyondMaxRunsAreRefused() throws Exception {
        ProbeServer server = bed.server();
        ProbeServer agent = bed.agent(SECRET, limits("127.0.0.1", 1, 256, 1L << 40));
        CompletableFuture<FanoutResult> first = CompletableFuture.supplyAsync(() -> {
            try {
                return run(agent, server, backup(1, 0, Duration.ofSeconds(3)));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Await.until(Duration.ofSeconds(10), "the first run holding the agent", () -> agent.sessionCount() > 0);
        ProbeException e = assertThrows(ProbeException.class, () -> run(agent, server, backup(1, 1L << 20,
                Duration.ZERO)));
        assertTrue(e.getMessage().contains("--max-runs 1"), e.getMessage());
        assertTrue(first.get(20, TimeUnit.SECONDS).bytes() > 0, "the first run went on");
    }

    @Test
    void allowTargetsMatchNamesAsWrittenAndAddressesByRange() {
        AllowedTargets ranges = AllowedTargets.of("allow-targets", List.of("10.1.0.0/16", "fd00::/8", "127.0.0.1"));
        assertNull(ranges.refusal("10.1.200.3"));
        assertNull(ranges.refusal("127.0.0.1"));
        assertNull(ranges.refusal("[fd12::1]"));
        assertTrue(ranges.refusal("10.2.0.1").contains("--allow-targets 10.1.0.0/16,fd00::/8,127.0.0.1"));
        assertTrue(ranges.refusal("127.0.0.2") != null);
        assertNull(ranges.refusal("localhost"), "a name is checked by every address it resolves to");
        AllowedTargets names = AllowedTargets.of("allow-targets", List.of("standby1.example"));
        assertNull(names.refusal("STANDBY1.example"));
        assertTrue(names.refusal("localhost").contains("is not in --allow-targets"));
        for (String bad : List.of("10.0.0.0/33", "300.1.1.1", "a b", "host/8", "::1/129", "10.0.0.0/x")) {
            BadParameterException e = assertThrows(BadParameterException.class,
                    () -> AllowedTargets.of("allow-targets", List.of(bad)), bad);
            assertTrue(e.getMessage().startsWith("allow-targets: '" + bad + "'"), e.getMessage());
        }
    }
}
