package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.result.ConnectionPath;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.TcpStats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 42, points 2 and 3: a per-flow policer told from a shaper and from random loss, with its rate; connections
 * whose source ports took different paths.
 */
class PathFindingsTest {
    private static TcpStats stream(double rttMs, double minRttMs, long retransmits, long segments) {
        return new TcpStats(rttMs, minRttMs, retransmits, segments, segments == 0 ? Double.NaN
                : (double) retransmits / segments, 40, 1448, "cubic", 0, 1500, null);
    }

    @Test
    void aFlatCeilingWithLossButNoQueueWhileStreamsAddUpAndPacedRedoLosesNothingIsAPolicer() {
        TcpStats one = stream(10.4, 10.1, 400, 40_000);
        String line = PathFindings.policed(46e6, 182e6, 45.5e6, one, StreamLimit.queued(one), stream(10.2, 10.1, 0,
                9_000));
        assertTrue(line.startsWith(
                "each flow is policed near 46 Mbit/s: one stream levels off at 46 Mbit/s losing 1.000 % "
                        + "of its segments with no queueing delay"), line);
    }

    @Test
    void aStarvedOneStreamDoesNotLowerThePolicedRateTheFourStreamsShow() {
        // the CI of 2abdf254: one stream 21 Mbit/s through a 50 Mbit/s lab policer on a busy host
        TcpStats one = stream(10.4, 10.1, 400, 40_000);
        List<ConnectionPath> four = List.of(new ConnectionPath(40001, 10.1, 10.3, 30_000_000, 300, 0),
                new ConnectionPath(40002, 10.1, 10.3, 34_000_000, 300, 0),
                new ConnectionPath(40003, 10.1, 10.3, 32_000_000, 300, 0),
                new ConnectionPath(40004, 10.1, 10.3, 32_000_000, 300, 0));
        double fastest = PathFindings.fastest(176e6, four);
        assertEquals(46.75e6, fastest, 1e3, "34 of 128 MB at 176 Mbit/s");
        String line = PathFindings.policed(21e6, 176e6, fastest, one, false, stream(10.2, 10.1, 0, 9_000));
        assertTrue(line.startsWith("each flow is policed near 47 Mbit/s: one stream levels off at 21 Mbit/s"), line);
        assertTrue(line.contains("four streams add up to 176 Mbit/s (8.4 x, the fastest 47)"), line);
        assertEquals(0, PathFindings.fastest(176e6, List.of()), "connections not read: no fastest");
        String unread = PathFindings.policed(46e6, 176e6, 0, one, false, stream(10.2, 10.1, 0, 9_000));
        assertTrue(unread.startsWith("each flow is policed near 46 Mbit/s") && unread.contains("(3.8 x)"), unread);
    }

    @Test
    void aPacedRedoThatLostAFifthAsMuchStillMeetsAPolicer() {
        TcpStats one = stream(12.2, 10.1, 213, 40_000);
        assertTrue(PathFindings.policed(47e6, 182e6, 45.5e6, one, false, stream(10.2, 10.1, 9, 9_000)) != null,
                "0.53 % against 0.10 %: a busy sender's bursts, not random loss");
    }

    /** Intervals of one stream, past the warm-up, with these smoothed round trips. */
    private static List<IntervalSample> intervals(double minRttMs, double... rtts) {
        List<IntervalSample> out = new ArrayList<>();
        for (int i = 0; i < rtts.length; i++) {
            out.add(new IntervalSample(i + 1, 1, 6_000_000, 100, 5.7, null, null, stream(rtts[i], minRttMs, 40,
                    4_000), false));
        }
        return out;
    }

    @Test
    void aBusyHostsLateRoundTripAtTheEndIsNotAQueueThroughTheStep() {
        // run 31: a policed 10 ms lab link's stream ended at 12.8 ms beside three other labs, over the 2.5 ms a
        // queue must add, and the policer was called loss; its intervals mostly read the link
        TcpStats end = stream(12.8, 10.0, 400, 70_000);
        TcpStats steady = StreamLimit.steady(end, intervals(10.0, 10.4, 10.9, 14.1, 10.6, 12.8, 10.5));
        assertEquals(10.75, steady.rttMs(), 1e-9, "the median of six: (10.6 + 10.9) / 2");
        assertEquals(Boolean.FALSE, StreamLimit.queued(steady));
        assertTrue(PathFindings.policed(46e6, 182e6, 45.5e6, steady, StreamLimit.queued(steady),
                stream(10.2, 10.0, 0, 9_000)) != null, "a policer again");
        assertEquals(Boolean.TRUE, StreamLimit.queued(end), "where the end alone called it queued");
    }

    @Test
    void aQueueThatHoldsThroughTheStepStaysAQueue() {
        TcpStats end = stream(14.5, 10.0, 40, 70_000);
        TcpStats steady = StreamLimit.steady(end, intervals(10.0, 14.2, 15.1, 13.6, 14.9, 14.5));
        assertEquals(14.5, steady.rttMs(), 1e-9);
        assertEquals(Boolean.TRUE, StreamLimit.queued(steady));
        assertEquals(end, StreamLimit.steady(end, intervals(10.0, 10.2, 10.3)), "too few intervals: the end's");
    }

    @Test
    void aTunedStreamsRiseThatTheDefaultStreamAtTheSameRateDidNotSeeIsTheHosts() {
        // run 67: a policed 10 ms lab link beside two other labs, both single streams at 47 Mbit/s, the tuned one's
        // round trip up through its step, the default-buffer one's at the link's
        TcpStats plain = stream(10.3, 10.0, 142, 23_719);
        assertEquals(Boolean.FALSE, PathFindings.pathQueued(true, 47.1e6, 47.4e6, plain));
        // a queue on the path shows in both, and a default stream well below the tuned one says nothing of it
        assertEquals(Boolean.TRUE, PathFindings.pathQueued(true, 47.1e6, 47.4e6, stream(14.5, 10.0, 40, 20_000)));
        assertEquals(Boolean.TRUE, PathFindings.pathQueued(true, 47.1e6, 30e6, plain));
        assertEquals(Boolean.TRUE, PathFindings.pathQueued(true, 47.1e6, 47.4e6, null));
        assertEquals(Boolean.FALSE, PathFindings.pathQueued(false, 47.1e6, 47.4e6, stream(14.5, 10.0, 40, 20_000)));
    }

    @Test
    void aShaperQueuesAndItsStreamsShareOneRate() {
        TcpStats one = stream(60, 10.1, 40, 40_000); // the queue: RTT six times its lowest
        assertNull(PathFindings.policed(48e6, 49e6, 12.3e6, one, StreamLimit.queued(one), stream(12, 10.1, 0, 9_000)));
    }

    @Test
    void randomLossMeetsThePacedRedoToo() {
        TcpStats one = stream(40.5, 40.1, 40, 40_000);
        assertNull(PathFindings.policed(18e6, 70e6, 17.5e6, one, StreamLimit.queued(one), stream(40.3, 40.1, 9, 9_000)),
                "0.1 % lost at every rate: the Mathis ceiling, not a policer");
    }

    @Test
    void noLossOrTooLittlePacedRedoSaysNothing() {
        TcpStats clean = stream(10.2, 10.1, 0, 40_000);
        assertNull(PathFindings.policed(900e6, 950e6, 240e6, clean, false, stream(10.2, 10.1, 0, 9_000)));
        TcpStats one = stream(10.4, 10.1, 400, 40_000);
        assertNull(PathFindings.policed(46e6, 182e6, 45.5e6, one, false, stream(10.2, 10.1, 0, 50)),
                "50 segments say nothing");
    }

    @Test
    void connectionsFromDifferentSourcePortsOverPathsOfDifferentLengthAreNamedAndEqualOnesAreNot() {
        List<ConnectionPath> ecmp = List.of(new ConnectionPath(40001, 10.2, 12, 9, 0, 0),
                new ConnectionPath(40002, 30.4, 33, 3, 0, 0), new ConnectionPath(40003, 10.3, 12, 9, 0, 0));
        String line = PathFindings.siblings(ecmp);
        assertTrue(line.startsWith("connections that leave by different source ports take paths of different length: "
                + "lowest RTT 10.2 ms from port 40001, 30.4 ms from port 40002 (3 connections: 40001 10.2 ms, 40002 "
                + "30.4 ms, 40003 10.3 ms)"), line);
        assertNull(PathFindings.siblings(List.of(new ConnectionPath(1, 10.2, 11, 9, 0, 0),
                new ConnectionPath(2, 10.9, 11, 9, 0, 0))), "0.7 ms apart: one path");
        assertNull(PathFindings.siblings(List.of(new ConnectionPath(1, 0.05, 1, 9, 0, 0),
                new ConnectionPath(2, 0.4, 1, 9, 0, 0))), "within a millisecond on a LAN: one path");
        String reorders = PathFindings.siblings(List.of(new ConnectionPath(1, 10.2, 11, 9, 0, 0),
                new ConnectionPath(2, 10.3, 11, 9, 0, 40)));
        assertTrue(reorders.startsWith("the path from source port 2 reorders (40 events) while a sibling "), reorders);
        assertNull(PathFindings.siblings(List.of(new ConnectionPath(1, 10, 11, 9, 0, 0))), "one connection");
    }
}
