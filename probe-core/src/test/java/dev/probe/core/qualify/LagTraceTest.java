package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.protocol.Frames;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.TcpStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A lag's slope read as growth only when the lag rose steadily: a stall is not a link falling behind. */
class LagTraceTest {
    private static List<LagTrace.Point> lags(double... lag) {
        LagTrace.Point[] p = new LagTrace.Point[lag.length];
        for (int i = 0; i < lag.length; i++) {
            p[i] = new LagTrace.Point(i + 1, lag[i]);
        }
        return List.of(p);
    }

    /** BundleIT's loopback ASYNC step, 201 x its rate, on a loaded CI host: one stalled second of four. */
    @Test
    void oneStalledIntervalAtTheEndIsNotGrowth() {
        List<LagTrace.Point> stall = lags(0.0, 0.001, 0.001, 0.34);
        assertTrue(LagTrace.growth(stall) > 0.1, "the least-squares slope alone reads growth");
        assertTrue(LagTrace.flat(stall), "the lag rose in one interval of three");
        assertEquals("; the lag rose in too few intervals for a link falling behind: a stall",
                LagTrace.stallNote(true, LagTrace.growth(stall)));
    }

    @Test
    void aStallThatDrainsIsFlat() {
        assertTrue(LagTrace.flat(lags(0.0, 0.001, 0.5, 0.002, 0.001, 0.001)));
    }

    /** A link carrying 90 % of the rate: the lag rises 0.1 s every second, from three points on. */
    @Test
    void aLinkFallingBehindGrowsFromThreePoints() {
        assertFalse(LagTrace.flat(lags(0.1, 0.2, 0.3)));
        assertFalse(LagTrace.flat(lags(0.05, 0.1, 0.2, 0.3, 0.4)));
        assertEquals("", LagTrace.stallNote(false, 0.1));
    }

    /** Acks in bursts: a link 5 % short whose lag held still in one interval of four still falls behind. */
    @Test
    void aDeficitWithOneStillIntervalStillGrows() {
        assertFalse(LagTrace.flat(lags(0.0, 0.05, 0.10, 0.10, 0.20)));
    }

    @Test
    void aFlatLagStaysFlatAndSaysNothingMore() {
        List<LagTrace.Point> flat = lags(0.001, 0.002, 0.001, 0.002);
        assertTrue(LagTrace.flat(flat));
        assertEquals("", LagTrace.stallNote(true, LagTrace.growth(flat)));
    }

    @Test
    void theConsoleLineSaysWhyASteepSlopeIsFlat() {
        LagTrace t = new LagTrace(1000, 1000);
        long frame = 1000 + Frames.HEADER_LENGTH;
        long[] behind = {0, 0, 0, 340};
        for (int s = 1; s <= 4; s++) {
            long due = (long) Math.floor(s * 1000.0 + 1) * frame;
            long acked = due - behind[s - 1] * frame;
            t.add(s, 1000L * 1000, 1000, acked);
        }
        assertTrue(t.flat(), t.describeGrowth());
        assertTrue(t.describeGrowth().startsWith("flat (slope +0.1"), t.describeGrowth());
        assertTrue(t.describeGrowth().endsWith("rose in 1 of 2 intervals: a stall, not a link falling behind)"),
                t.describeGrowth());
    }

    /** QualifyLabTest on a loaded CI host: one tick read TCP_INFO over 5 ms late, and its acks were dropped. */
    @Test
    void aStaleTcpReadLeavesNoPointAndKeepsTheTraceOnTcp() {
        LagTrace t = new LagTrace(1000, 1000);
        long frame = 1000 + Frames.HEADER_LENGTH;
        for (int s = 1; s <= 5; s++) {
            long acked = s == 3 ? 0 : (long) Math.floor(s * 1000.0 + 1) * frame - frame;
            t.onInterval(new IntervalSample(s, 1, 1000L * 1000, 1000, 0, null, null, new TcpStats(1, 1, 0, 0, 0, 10,
                    1448, "cubic", acked, 1500, null), false));
        }
        assertTrue(t.fromTcp(), t.measuredBy());
        assertEquals(4, t.points().size(), "the stale interval left out");
        assertEquals(0.001, t.lastLag(), 1e-9, "one message in flight");
    }
}
