package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.agent.ClockSample;
import dev.probe.core.agent.FanoutResult;
import dev.probe.core.agent.HostSummary;
import dev.probe.core.client.HostPort;
import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 39, point 9: a RAC instance whose stream fell behind gets the diagnosis a single host's stream gets (what its
 * agent's TCP retransmitted against its buffer at its node's round trip); standby to primary, where the standby's
 * server sent and keeps those figures, it says so instead of guessing.
 */
class RacVerdictsTest {
    private static final HostPort NODE = new HostPort("10.0.0.1", 7000);

    private static RacResult result(boolean reverse) {
        Agents nodes = new Agents("--from", List.of(NODE), null, Duration.ofSeconds(1), Duration.ofSeconds(1));
        QualifyConfig config = QualifyConfig.builder(Target.of("sb", 1521), RedoLoad.given(List.of(12e6)))
                .modes(true, false).tcpEfficiency(0.7).reverse(reverse).rac(nodes).build();
        // the round trip from the node: 40 ms; the paced stream carried 3 MB/s of 12 with 0.01 % of its segments resent
        HostSummary trip = new HostSummary(0, 5, 0, 1, 0, false, 40, 0, 0, 0.1, 125, 40, 41);
        HostSummary paced = new HostSummary(30_000_000, 10, 3e6 * 8 / 1e9, 1, 0, false, 40, 2, 20_000, 0.1, 0,
                Double.NaN, Double.NaN);
        LagTrace lag = new LagTrace(12e6 / 32768, 32768, reverse);
        for (int t = 1; t <= 10; t++) {
            lag.add(t, 3_000_000, 3_000_000 / 32768, 0);
        }
        TestParams spec = TestParams.builder(Mode.ASYNC).build();
        return new RacResult(config, Instant.now(), List.of(
                new RacResult.Step(new StepPlan.Step(StepPlan.Kind.ROUND_TRIP, Duration.ofSeconds(5), 0, false),
                        new FanoutResult(spec, List.of(host(trip))), List.of(), 0),
                new RacResult.Step(new StepPlan.Step(StepPlan.Kind.REDO_RATE, Duration.ofSeconds(10), 32768, false),
                        new FanoutResult(spec, List.of(host(paced))), List.of(lag), 4 << 20)), null, null);
    }

    private static FanoutResult.Host host(HostSummary s) {
        return new FanoutResult.Host(NODE, List.of("sb:1521"), 1, new ClockSample(0, 0, 0, 0), 0, s, null);
    }

    @Test
    void anInstanceThatFellBehindIsToldWhatHeldItsStreamBack() {
        Verdict one = result(false).verdicts().get(0);
        assertEquals(Verdict.Status.FAIL, one.status());
        String all = String.join("\n", one.reasons());
        assertTrue(all.contains(
                "loss-limited: 0.010 % of segments retransmitted at 40.0 ms allow about 62.6 Mbit/s per "
                        + "stream (probe's model of the paper's paths, beyond their losses and round trips on Mathis's slopes, "
                        + "MSS 1448; Mathis's per-packet formula says 35.5)"), all);
        assertTrue(all.contains("what would help: fix the loss"), all);
    }

    @Test
    void standbyToPrimaryTheSenderIsTheStandbyAndNoCauseIsGuessed() {
        Verdict one = result(true).verdicts().get(0);
        String all = String.join("\n", one.reasons());
        assertTrue(all.contains("by the standby to 10.0.0.1:7000, which received 3.0 MB/s (25 %)"), all);
        assertTrue(all.contains("the standby's server sent this stream: its retransmits and window stay on the "
                + "standby"), all);
        assertTrue(!all.contains("loss-limited") && !all.contains("buffer-limited"), all);
    }
}
