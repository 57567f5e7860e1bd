package dev.probe.core.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The instant the hosts start at leaves room for their legs' sessions, more where the agents were slow to open. */
class FanoutStartTest {
    @Test
    void agentsQuickToOpenStartAfterTheMarginAndTheSlowestRoundTrip() {
        long now = AgentMessages.nowMicros();
        long start = Fanout.startAfter(40_000, List.of(new ClockSample(0, 100, 100, 3_000)));
        assertTrue(start - now >= 1_003_000 && start - now < 1_500_000, "1 s and a 3 ms round trip: " + (start - now));
    }

    @Test
    void agentsSlowToOpenTheirControlSessionsGetThreeTimesThatForTheirLegs() {
        // run 33: on a host at load 8 one agent's legs opened 1.7 s past a 1 s margin
        long now = AgentMessages.nowMicros();
        long start = Fanout.startAfter(900_000, List.of());
        assertTrue(start - now >= Fanout.OPENINGS * 900_000L, "2.7 s: " + (start - now));
    }
}
