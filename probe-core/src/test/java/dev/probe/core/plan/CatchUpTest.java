package dev.probe.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.client.RunStop;
import dev.probe.core.result.IntervalSample;
import org.junit.jupiter.api.Test;

/**
 * Catching up after an outage as Oracle's notes size it: backlog / (gap throughput - redo), the gap throughput being
 * what the hop carries while the gap runs (the gap plus the live redo), and when the delivered bytes really crossed.
 */
class CatchUpTest {
    private static CatchUp.Trace steady(double bytesPerS, double seconds, double step) {
        CatchUp.Trace t = new CatchUp.Trace();
        for (double s = step; s <= seconds + 1e-9; s += step) {
            t.onInterval(new IntervalSample(s, step, Math.round(bytesPerS * step), 1, 0, null, null, null, false));
        }
        return t;
    }

    @Test
    void aLiveRedoThatKeepsUpLeavesTheGapOnlyTheBacklog() {
        // 120 MB owed, redo 4 MB/s carried live, gap 6 MB/s beside it: the link carries 10, 120 / (10 - 4) = 20 s;
        // measured, what is owed falls under a second of redo (4 MB) at 116 / 6 s
        CatchUp c = CatchUp.of(120e6, 4e6, steady(6e6, 30, 0.5), steady(4e6, 30, 0.5), 4e6, Double.NaN, false);
        assertTrue(c.ends());
        assertTrue(c.liveKeepsUp());
        assertEquals(10e6, c.carriedBytesPerS(), 1);
        assertEquals(20.0, c.formulaSeconds(), 1e-9);
        assertEquals(116.0 / 6, c.measuredSeconds(), 1e-9);
        assertEquals(6e6, c.gapBytesPerS(), 1);
        assertEquals(30.0, c.windowSeconds(), 1e-9);
    }

    @Test
    void aLiveRedoSqueezedBesideTheGapStillEndsWhenTheHopCarriesMoreThanTheRedo() {
        // the lab's 100 Mbit/s hop in a CI run: two gap streams 10.8 MB/s, the 2 MB/s redo squeezed to 1.6
        CatchUp c = CatchUp.of(60e6, 2e6, steady(10.8e6, 13, 0.5), steady(1.6e6, 13, 0.5), 2e6, Double.NaN, false);
        assertFalse(c.liveKeepsUp(), "its lag grows while the gap runs");
        assertTrue(c.ends());
        assertEquals(60e6 / (12.4e6 - 2e6), c.formulaSeconds(), 1e-6);
        assertEquals((60e6 - 2e6) / (12.4e6 - 2e6), c.measuredSeconds(), 1e-6);
    }

    @Test
    void aLiveRedoFasterThanTheRedoCountsOnlyWhatWasGenerated() {
        // SYNC writes back to back carry more than the redo: what they deliver beyond it is not owed
        CatchUp c = CatchUp.of(12e6, 4e6, steady(6e6, 6, 0.5), steady(9e6, 6, 0.5), 9e6, Double.NaN, false);
        assertEquals(10e6, c.carriedBytesPerS(), 1);
        assertEquals(8.0 / 6, c.measuredSeconds(), 1e-9);
    }

    @Test
    void aHopThatCarriesNoMoreThanTheRedoNeverCatchesUp() {
        CatchUp c = CatchUp.of(12e6, 4e6, steady(0.2e6, 6, 0.5), steady(3.5e6, 6, 0.5), 4e6, Double.NaN, false);
        assertFalse(c.ends());
        assertEquals(Double.POSITIVE_INFINITY, c.formulaSeconds());
        assertTrue(Double.isNaN(c.measuredSeconds()), "never crossed");
    }

    @Test
    void aLiveRedoThatCannotKeepUpOnItsOwnNeverCatchesUpHoweverFastTheGap() {
        // the lab's 40 ms, 0.1 % hop: one stream carries 3 of 10 MB/s; four gap streams move 13.8 while they run
        CatchUp c = CatchUp.of(200e6, 10e6, steady(13.8e6, 18, 0.5), steady(3e6, 18, 0.5), 3e6, Double.NaN, false);
        assertFalse(c.aloneKeepsUp());
        assertFalse(c.ends(), "once the gap is sent the standby falls behind again");
        assertEquals(Double.POSITIVE_INFINITY, c.formulaSeconds());
    }

    @Test
    void aBacklogLargerThanTheWindowIsCarriedForwardFromTheRates() {
        CatchUp c = CatchUp.of(72e9, 20e6, steady(30e6, 10, 1), steady(20e6, 10, 1), 20e6, Double.NaN, false);
        assertTrue(Double.isNaN(c.measuredSeconds()));
        assertEquals(72e9 / 30e6, c.formulaSeconds(), 1e-6);
    }

    @Test
    void aSyncHopsLiveRedoIsMeasuredBesideTheGapAsTheShareItsWritesKept() {
        // issue 56: a 1 Gbit/s hop, the gap 115 MB/s, the SYNC writes 100 MB/s alone but 8 MB/s beside the gap: the
        // 30 MB/s of redo is not assumed delivered (145 MB/s on a 125 MB/s link); 8 MB/s of it was
        CatchUp c = CatchUp.of(108e9, 30e6, steady(115e6, 10, 0.5), steady(8e6, 10, 0.5), 100e6, 295.7, true);
        assertEquals(8e6, c.liveBytesPerS(), 1);
        assertEquals(8e6, c.liveDeliveredBytesPerS(), 1);
        assertTrue(c.carriedBytesPerS() <= 115e6 + 8e6 + 1, "never more than the two streams carried together");
        assertFalse(c.liveKeepsUp());
        assertTrue(c.aloneKeepsUp(), "a SYNC hop's reach is its own verdict's");
        assertEquals(108e9 / (115e6 + 8e6 - 30e6), c.formulaSeconds(), 1e-6);
        assertTrue(Double.isNaN(c.measuredSeconds()), "no crossing read from writes that are not the redo's rate");
        assertEquals(295.7, c.commitP99Ms());
    }

    @Test
    void aSyncHopWhoseWritesKeepTheirRateDeliversTheRedoAtMost() {
        CatchUp c = CatchUp.of(12e6, 4e6, steady(6e6, 6, 0.5), steady(9e6, 6, 0.5), 9e6, 7.5, true);
        assertTrue(c.liveKeepsUp());
        assertEquals(10e6, c.carriedBytesPerS(), 1);
    }

    @Test
    void aLiveRedoNotMeasuredIsNotAssumedDelivered() {
        CatchUp c = CatchUp.of(12e6, 4e6, steady(6e6, 6, 0.5), null, 4e6, Double.NaN, false);
        assertTrue(Double.isNaN(c.liveBytesPerS()));
        assertEquals(6e6, c.carriedBytesPerS(), 1, "the gap alone");
    }

    @Test
    void theLiveRedoIsReadOverTheGapsWindowNotAfterIt() {
        // the gap ran 5 s and the live redo was squeezed to 1 MB/s then; after it, alone, it carried 4: beside the gap
        // it is the 1 MB/s that counts, so gap + live never exceed what the link carried at once
        CatchUp.Trace live = new CatchUp.Trace();
        for (int i = 1; i <= 20; i++) {
            live.onInterval(new IntervalSample(i, 1, i <= 5 ? 1_000_000 : 4_000_000, 1, 0, null, null, null, false));
        }
        CatchUp c = CatchUp.of(30e6, 4e6, steady(9e6, 5, 1), live, 4e6, Double.NaN, false);
        assertEquals(1e6, c.liveBytesPerS(), 1);
        assertEquals(10e6, c.carriedBytesPerS(), 1);
    }

    @Test
    void aGapThatStopsWithTheBacklogSentIsCaughtUpWhenItsAcknowledged() {
        // the gap ends once its acknowledged bytes pass the backlog; the live redo goes on, a round trip behind
        RunStop sent = new RunStop();
        CatchUp.Trace gap = CatchUp.Trace.until(50_000_000, sent);
        for (int i = 1; !sent.requested(); i++) {
            gap.onInterval(new IntervalSample(0.2 * i, 0.2, 2_000_000, 1, 0, null, null, null, false));
        }
        assertEquals("the backlog is sent", sent.reason());
        CatchUp c = CatchUp.of(50e6, 4e6, gap, steady(3.9e6, 20, 1), 4e6, Double.NaN, false);
        assertEquals(10e6, c.gapBytesPerS(), 1, "the gap's rate while it ran, 5 s");
        assertEquals(20.0, c.windowSeconds(), 1e-9, "watched as long as the live redo ran");
        assertTrue(c.measuredSeconds() <= 5.0, "caught up when the backlog was acknowledged: " + c);
    }

    @Test
    void aTraceReadsLinearlyBetweenItsPoints() {
        CatchUp.Trace t = steady(4e6, 2, 1);
        assertEquals(0, t.at(0), 1e-9);
        assertEquals(2e6, t.at(0.5), 1);
        assertEquals(6e6, t.at(1.5), 1);
        assertEquals(8e6, t.at(5), 1);
    }
}
