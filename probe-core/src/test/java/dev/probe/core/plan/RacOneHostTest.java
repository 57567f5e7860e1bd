package dev.probe.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.agent.ClockSample;
import dev.probe.core.agent.FanoutResult;
import dev.probe.core.agent.HostSummary;
import dev.probe.core.client.HostPort;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.Frames;
import dev.probe.core.qualify.LagTrace;
import dev.probe.core.qualify.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RAC primary's ASYNC hop whose every byte arrived but one instance's lag grew: where the nodes' agents and the
 * standby are all on this host, no link joins them and the host fell behind (PASS, saying so), as a single primary's
 * hop and qualify judge it; across a link the same figures FAIL. Run 98's PlanRacTest FAILed a loopback hop so.
 */
class RacOneHostTest {
    private static final long WRITE = 32_768;
    private static final int SECONDS = 10;
    @TempDir
    Path dir;

    private Verdict hop(String host) throws Exception {
        Path file = dir.resolve("rac.yaml");
        Files.writeString(file, """
                redo: [2MB/s, 1MB/s]
                sites:
                  prim: {role: primary, agents: [%1$s:7001, %1$s:7002]}
                  loc:  {role: standby, server: %1$s:1525}
                routes:
                  prim: "(LOCAL : loc ASYNC)"
                """.formatted(host));
        Plan plan = PlanFile.read(file, 1522);
        PlanRunner.Config c = new PlanRunner.Config(plan, PlanDemand.of(plan, null, 0.7), null, Duration.ofSeconds(
                15), WRITE, Payload.RANDOM);
        PlanDemand.Hop h = c.demand().hops().get(0);
        double[] shares = {2e6, 1e6};
        List<FanoutResult.Host> trips = new ArrayList<>();
        List<FanoutResult.Host> sent = new ArrayList<>();
        List<LagTrace> lags = new ArrayList<>();
        for (int i = 0; i < shares.length; i++) {
            HostPort node = new HostPort(host, 7001 + i);
            trips.add(host(node, new HostSummary(0, 2, 0, 1, 0, false, 0.5, 0, 0, 0.1, 4000, 0.5, 1.0)));
            sent.add(host(node, new HostSummary(Math.round(shares[i] * SECONDS), SECONDS, shares[i] * 8 / 1e9, 1, 0,
                    false, 0.5, 10, 100_000, 0.1, 0, Double.NaN, Double.NaN)));
            double growth = i == 0 ? 0.022 : 0; // run 98: node 1's lag grew 0.022 s/s, every byte carried
            LagTrace lag = new LagTrace(shares[i] / WRITE, WRITE, false);
            for (int t = 1; t <= SECONDS; t++) {
                long messages = Math.round(shares[i] / WRITE);
                long acked = growth == 0 ? 0 : Math.round((1 - growth) * t * shares[i] / WRITE * (WRITE
                        + Frames.HEADER_LENGTH));
                lag.add(t, messages * WRITE, messages, acked);
            }
            lags.add(lag);
        }
        TestParams spec = TestParams.builder(Mode.ASYNC).build();
        PlanRac.Figures rac = new PlanRac.Figures(new FanoutResult(spec, trips), new FanoutResult(spec, sent), lags);
        return PlanVerdicts.hop(c, new PlanResult.HopFigures(h, null, null, null, null, null, null, null, rac, null));
    }

    private static FanoutResult.Host host(HostPort node, HostSummary s) {
        return new FanoutResult.Host(node, List.of("loc"), 1, new ClockSample(0, 0, 0, 0), 0, s, null);
    }

    @Test
    void aLagThatGrewWhereNoLinkJoinsTheEndsIsTheHosts() throws Exception {
        Verdict here = hop("127.0.0.1");
        assertEquals(Verdict.Status.PASS, here.status(), here.toString());
        assertTrue(here.reasons().stream().anyMatch(r -> r.startsWith("transport lag grew 0.02") && r.contains(
                "never left this host")), here.reasons().toString());
        assertTrue(here.reasons().stream().noneMatch(r -> r.contains("fell behind:")), "no link to diagnose: "
                + here.reasons());
        Verdict across = hop("192.0.2.1");
        assertEquals(Verdict.Status.FAIL, across.status(), across.toString());
        assertTrue(across.reasons().stream().anyMatch(r -> r.startsWith("an instance's transport lag grows 0.02")),
                across.reasons().toString());
    }
}
