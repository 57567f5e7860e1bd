package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SYNC's reach (issue 41): the write size the peak needs at the commit time, and Far Sync when distance breaks it. */
class SyncReachTest {
    private static final Duration BUDGET = Duration.ofMillis(2);

    @Test
    void thePeakNeedsWritesOfRateTimesCommitTime() {
        // the example: 35 MB/s at 1.5 ms needs 52.5 KB per write; 32 KiB carries 32768 / 1.5 ms = 21.8 MB/s
        Verdict v = SyncReach.with(pass(), figures(1.5, 1.4, 0.1, 1.2), BUDGET, 35e6, 32 * 1024);
        String r = v.reasons().get(1);
        assertTrue(r.contains("at 1.500 ms a commit, 32 Kbytes writes carry at most 21.8 MB/s, and the 35.0 MB/s peak "
                + "needs writes of at least 52.5 KB (larger than these"), r);
        assertEquals(Verdict.Status.PASS, v.status(), "the commit time, not the write size, makes the verdict");
        assertEquals(2, v.reasons().size(), "1.4 ms of round trip fits a 2 ms budget: no Far Sync advice");
        Verdict small = SyncReach.with(pass(), figures(1.5, 1.4, 0.1, 1.2), BUDGET, 10e6, 32 * 1024);
        assertTrue(small.reasons().get(1).contains("at least 15.0 KB (these writes carry it)"), small.reasons().get(1));
    }

    @Test
    void aRoundTripOverTheBudgetNamesFarSyncWithTheRoundTripItNeeds() {
        // 40 ms away: disk 0.5 ms, processing 40.8 - 40 - 0.5 = 0.3 ms; room = 2 - 0.5 - 0.3 = 1.2 ms
        Verdict v = SyncReach.with(fail(), figures(40.8, 40, 0.5, 40.3), BUDGET, 45e6, 32 * 1024);
        String r = v.reasons().get(v.reasons().size() - 1);
        assertTrue(r.contains("the round trip alone (40.000 ms) is over the 2.000 ms budget: no setting makes SYNC fit "
                + "at this distance; ship SYNC to a Far Sync within about 1.20 ms round trip of the primary"), r);
        Verdict slowDisk = SyncReach.with(fail(), figures(43, 40, 2.5, 40.5), BUDGET, 45e6, 32 * 1024);
        assertTrue(slowDisk.reasons().get(slowDisk.reasons().size() - 1).contains("leave no room even for a Far Sync"),
                slowDisk.reasons().toString());
    }

    private static Verdicts.SyncFigures figures(double p50, double rtt, double disk, double networkP50) {
        return new Verdicts.SyncFigures("SYNC", p50, p50 * 1.5, p50 * 2, networkP50, disk, rtt, Double.NaN);
    }

    private static Verdict pass() {
        return new Verdict("SYNC", Verdict.Status.PASS, List.of("added commit time ..."));
    }

    private static Verdict fail() {
        return new Verdict("SYNC", Verdict.Status.FAIL, List.of("added commit time ..."));
    }
}
