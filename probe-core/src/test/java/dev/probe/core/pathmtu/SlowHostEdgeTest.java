package dev.probe.core.pathmtu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.client.Egress;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A black hole's edge on a slow host (run 79, a fresh clone beside five test JVMs: a lab path of 1500 bytes named
 * 1272): the search's rounds of 3 s probes stall sizes that pass, the edge's own probe of {@link PathMtuProbe#CONFIRM}
 * passes, and the search goes on to the true edge; where the host keeps stalling every round the edge is left
 * unchecked, never named wrong. The path and the host are modelled here (no connection is made); the real path's
 * black hole is PathMtuEcmpLabIT's.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SlowHostEdgeTest {
    /** A path that carries 1500-byte packets and drops larger ones without ICMP. */
    private static final int EDGE = 1500;
    /** The sizes over which the slow host's 3 s probes stall. */
    private static final int SLOW_ABOVE = 1272;

    @Test
    void roundsStalledByASlowHostDoNotSetTheEdge() throws Exception {
        PathMtu found = probe(2).check(true, new RunStop());
        assertEquals(PathMtu.Status.BLACK_HOLE, found.status(), found.toString());
        assertEquals(EDGE, found.largest(), "the true edge, not the slow rounds' 1272: " + found);
        assertEquals("rounds of probes at once stalled sizes that then passed alone, up to 1500 bytes (a slow host); "
                + "the edge was probed alone for 10 s", found.note(), "the JSON says the host was slow");
    }

    @Test
    void aHostThatStallsEveryRoundLeavesTheEdgeUncheckedWithWhatItSaw() throws Exception {
        PathMtu found = probe(Integer.MAX_VALUE).check(true, new RunStop());
        assertEquals(PathMtu.Status.UNCHECKED, found.status(), found.toString());
        String line = found.describe("the primary to standby", "the primary");
        assertTrue(line.startsWith("the primary to standby: path MTU not checked: packets of 1275 bytes passed and of "
                + "9000 never did, but sizes between stalled for 3 s and then passed: this host was too slow to find "
                + "the edge"), line);
    }

    @Test
    void aFullSizeThatStallsOnlyInRoundsAndPassesAloneIsTheFullSize() throws Exception {
        Target target = Target.of("192.0.2.1", 1522);
        assumeTrue(target.transport().clampsSegments(), "needs epoll");
        int hi = ProbeReadings.JUMBO; // neither end's MTU known in this model
        PathMtuProbe probe = new PathMtuProbe(target, new SizeProbes(target) {
            @Override
            Outcome probe(int mss, boolean towardServer, RunStop stop, Duration stall) {
                assertTrue(mss <= hi - PathMtu.HEADERS || mss == Egress.MAX_MSS, "no probe over the full size: " + mss);
                int packet = mss + PathMtu.HEADERS;
                return new Outcome(packet, packet < hi || !stall.equals(PathMtuProbe.STALL), null);
            }
        });
        PathMtu found = probe.check(true, new RunStop());
        assertEquals(PathMtu.Status.FULL, found.status(), found.toString());
        assertEquals(hi, found.largest(), found.toString());
        assertEquals("probes of 9000 bytes stalled in rounds at once, then passed alone within 10 s: a slow host, "
                + "not a black hole", found.note());
    }

    /** The probe over a modelled path whose host stalls the first {@code slowRounds} rounds above 1272 bytes. */
    private static PathMtuProbe probe(int slowRounds) {
        Target target = Target.of("192.0.2.1", 1522); // TEST-NET-1: off this host, and never connected to here
        assumeTrue(target.transport().clampsSegments(), "needs epoll");
        AtomicInteger slowProbes = new AtomicInteger(slowRounds == Integer.MAX_VALUE ? Integer.MAX_VALUE
                : slowRounds * PathMtuProbe.PER_ROUND);
        return new PathMtuProbe(target, new SizeProbes(target) {
            @Override
            Outcome probe(int mss, boolean towardServer, RunStop stop, Duration stall) {
                int packet = mss + PathMtu.HEADERS;
                boolean inRound = stall.equals(PathMtuProbe.STALL);
                boolean slow = inRound && packet > SLOW_ABOVE && packet <= EDGE && slowProbes.getAndDecrement() > 0;
                return new Outcome(packet, packet <= EDGE && !slow, null);
            }
        });
    }
}
