package dev.probe.core.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.HostPort;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.transport.Transport;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** How a fan-out run is shared among its hosts: channels round-robin, the volume in whole pieces. */
class FanoutConfigTest {
    private static FanoutConfig config(int hosts, int channels, long volume, long piece) {
        return config(hosts, 1, BulkParams.builder(Direction.BACKUP, "run").channels(channels).volume(volume)
                .pieceSize(piece).build());
    }

    private static FanoutConfig config(int hosts, int servers, SessionSpec total) {
        List<HostPort> from = IntStream.range(0, hosts).mapToObj(i -> new HostPort("node" + i, 5556))
                .toList();
        List<HostPort> to = IntStream.range(0, servers).mapToObj(i -> new HostPort("standby" + i, 5555))
                .toList();
        return new FanoutConfig(from, to, total, ClientSecurity.none(), Transport.best(), Duration.ofSeconds(1),
                Duration.ofSeconds(1), false);
    }

    /** Each host's one leg, when there is one server. */
    private static List<BulkParams> shares(FanoutConfig c) {
        return c.plan().stream().map(a -> {
            assertEquals(1, a.legs().size());
            return (BulkParams) a.legs().get(0).spec();
        }).toList();
    }

    @Test
    void channelsRoundRobinAndTheVolumeInProportionInWholePieces() {
        List<BulkParams> s = shares(config(3, 12, 32L << 28, 1L << 28));
        assertEquals(List.of(4, 4, 4), s.stream().map(BulkParams::channels).toList());
        assertEquals(List.of(10L << 28, 11L << 28, 11L << 28), s.stream().map(BulkParams::volume).toList());
        assertEquals(List.of("run-h0", "run-h1", "run-h2"), s.stream().map(BulkParams::runId).toList());

        List<BulkParams> odd = shares(config(3, 7, (10L << 20) + 5, 1L << 20));
        assertEquals(List.of(3, 2, 2), odd.stream().map(BulkParams::channels).toList());
        assertEquals((10L << 20) + 5, odd.stream().mapToLong(BulkParams::volume).sum(),
                "every byte, the short piece last");
        assertTrue(odd.get(2).volume() % (1L << 20) == 5);
    }

    @Test
    void tooFewChannelsOrPiecesForTheHostsAreRefusedUpFront() {
        BadParameterException fewChannels = assertThrows(BadParameterException.class, () -> config(4, 3, 1L << 30,
                1L << 20));
        assertTrue(fewChannels.getMessage().contains("3 channels cannot spread over 4 hosts"), fewChannels
                .getMessage());
        BadParameterException fewPieces = assertThrows(BadParameterException.class,
                () -> config(3, 3, 2L << 20, 1L << 20).plan());
        assertTrue(fewPieces.getMessage().contains("nothing to move"), fewPieces.getMessage());
    }

    @Test
    void withSeveralServersEachHostsChannelsGoRoundRobinOverThemStartingAtItsOwn() {
        BulkParams total = BulkParams.builder(Direction.BACKUP, "run").channels(7).volume(70L << 20).build();
        List<AgentParams> plan = config(2, 3, total).plan();
        // host 0 has 4 channels: servers 0, 1, 2, 0; host 1 has 3: servers 1, 2, 0
        assertEquals(List.of("standby0:5555", "standby1:5555", "standby2:5555"),
                plan.get(0).legs().stream().map(AgentParams.Leg::toString).toList());
        assertEquals(List.of(2, 1, 1), plan.get(0).legs().stream().map(l -> ((BulkParams) l.spec()).channels())
                .toList());
        assertEquals(List.of("standby1:5555", "standby2:5555", "standby0:5555"),
                plan.get(1).legs().stream().map(AgentParams.Leg::toString).toList());
        assertEquals(List.of("run-h0-s0", "run-h0-s1", "run-h0-s2"),
                plan.get(0).legs().stream().map(l -> ((BulkParams) l.spec()).runId()).toList());
        long sum = plan.stream().flatMap(a -> a.legs().stream()).mapToLong(l -> ((BulkParams) l.spec()).volume()).sum();
        assertEquals(70L << 20, sum, "every byte once");
        assertEquals(10L << 20, ((BulkParams) plan.get(1).legs().get(0).spec()).volume(), "10 MiB a channel");
        // the request an agent gets survives its wire form
        assertEquals(plan.get(0), AgentParams.fromJson(plan.get(0).toJson()));
    }

    @Test
    void aTestsConnectionsAndRateAreSharedTheSameWay() {
        TestParams total = TestParams.builder(Mode.SYNC).length(4096).connections(5).duration(Duration.ofSeconds(2))
                .rate(1000).build();
        List<AgentParams> plan = config(2, 1, total).plan();
        assertEquals(List.of(3, 2), plan.stream().map(a -> ((TestParams) a.legs().get(0).spec()).numConn()).toList());
        assertEquals(600.0, ((TestParams) plan.get(0).legs().get(0).spec()).rate(), 1e-9);
        assertEquals(400.0, ((TestParams) plan.get(1).legs().get(0).spec()).rate(), 1e-9);
        BadParameterException few = assertThrows(BadParameterException.class, () -> config(6, 1, total));
        assertTrue(few.getMessage().contains("5 connections cannot spread over 6 hosts"), few.getMessage());
    }

    @Test
    void everyLegSendsTheRunsPayloadAndSalt() {
        BulkParams total = BulkParams.builder(Direction.BACKUP, "run").channels(4).volume(8L << 20).build()
                .withContent(Payload.parse("compressible:0.4"), 0x1234);
        for (AgentParams a : config(2, 2, total).plan()) {
            for (AgentParams.Leg leg : a.legs()) {
                BulkParams b = (BulkParams) leg.spec();
                assertEquals("compressible:0.4", b.payload().toString());
                assertEquals(0x1234, b.salt(), "each leg's run id tells its content apart");
            }
            assertEquals(a, AgentParams.fromJson(a.toJson()), "payload and salt survive the wire");
        }
        TestParams test = TestParams.builder(Mode.ASYNC).length(4096).connections(4).duration(Duration.ofSeconds(2))
                .payload(Payload.parse("zeros")).build();
        for (AgentParams a : config(2, 1, test).plan()) {
            assertEquals("zeros", ((TestParams) a.legs().get(0).spec()).payload().toString());
        }
    }

    @Test
    void partsMergeByAddingBytesWeightingTheMeanAndBoundingTheP99() {
        HostInterval a = new HostInterval(1.0, 100, 10, 2.0, 5.0, false);
        HostInterval b = new HostInterval(1.1, 300, 30, 4.0, 9.0, true);
        HostInterval m = HostInterval.merge(List.of(a, b));
        assertEquals(400, m.bytes());
        assertEquals(40, m.messages());
        assertEquals(3.5, m.latencyAvgMs(), 1e-9);
        assertEquals(9.0, m.latencyP99Ms(), 1e-9);
        assertEquals(1.1, m.tSeconds(), 1e-9);
        assertTrue(m.warmup());
        HostInterval bulk = HostInterval.merge(List.of(HostInterval.empty(1), HostInterval.empty(1)));
        assertTrue(Double.isNaN(bulk.latencyAvgMs()) && Double.isNaN(bulk.latencyP99Ms()));
    }
}
