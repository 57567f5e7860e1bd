package dev.probe.core.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.result.LatencyStats;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The load ladder, its stop rules and answers, and the check's parameters. */
class LadderTest {
    private static LatencyStats avg(double ms) {
        return new LatencyStats(100, ms, ms, ms, ms * 2, ms * 3, ms * 4);
    }

    private static LoadPoint oltp(int n, double iops, double readMs, double writeMs) {
        long ios = Math.round(iops);
        return new LoadPoint("oltp", 8192, n, 1.0, ios * 7 / 10, ios - ios * 7 / 10, avg(readMs), avg(writeMs), true);
    }

    private static LoadPoint seq(int n, double mbps) {
        return new LoadPoint("seq-read", 1 << 20, n, 1.0, Math.round(mbps * 1e6 / (1 << 20)), 0, avg(1), null, true);
    }

    @Test
    void stepsDoubleUpToTheMaximumWhichIsAlwaysMeasured() {
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), Ladder.steps(64));
        assertEquals(List.of(1, 2, 4, 8, 10), Ladder.steps(10));
        assertEquals(List.of(1), Ladder.steps(1));
        DiskParams all = new DiskParams(1L << 30, EnumSet.allOf(Profile.class), Duration.ofMillis(20), 70,
                Duration.ofSeconds(10), 64, false, false);
        assertEquals(5 + 7 + 7 + 4 * 7, Ladders.maxPoints(all),
                "redo sizes, the oltp and slob ladders, four dss ladders");
    }

    @Test
    void theOltpAnswerIsTheHighestIopsWithBothLatenciesWithinTheBound() {
        List<LoadPoint> points = List.of(oltp(1, 900, 1, 2), oltp(2, 1700, 2, 5), oltp(4, 3000, 9, 19),
                oltp(8, 3500, 12, 25));
        assertTrue(Ladder.overBound(points.get(3), 20), "writes at 25 ms are over 20");
        assertFalse(Ladder.overBound(points.get(2), 20));
        assertEquals(4, Ladder.bestWithin(points, 20).outstanding());
        assertNull(Ladder.bestWithin(List.of(oltp(1, 100, 30, 1)), 20), "none within: no answer");
    }

    @Test
    void aDssLadderStopsWhenTwoPointsInARowAddLessThanFivePercent() {
        assertFalse(Ladder.saturated(List.of(seq(1, 100), seq(2, 190))));
        assertFalse(Ladder.saturated(List.of(seq(1, 100), seq(2, 190), seq(4, 195))), "one flat step is not enough");
        assertTrue(Ladder.saturated(List.of(seq(1, 100), seq(2, 190), seq(4, 195), seq(8, 196))));
        assertEquals(8, Ladder.peak(List.of(seq(1, 100), seq(2, 190), seq(4, 195), seq(8, 196))).outstanding());
    }

    @Test
    void pointsReportIopsAndDecimalMegabytes() {
        LoadPoint p = new LoadPoint("seq-write", 1 << 20, 4, 2.0, 0, 1000, null, avg(1), true);
        assertEquals(500, p.iops(), 1e-9);
        assertEquals(1000 * 1048576 / 1e6 / 2, p.mbps(), 1e-9);
    }

    @Test
    void parametersAreCheckedOnceAndSurviveTheWire() {
        DiskParams p = new DiskParams(1L << 30, Profile.parseList("redo,dss"), Duration.ofMillis(20), 70,
                Duration.ofSeconds(10), 64, false, false);
        assertEquals(p, DiskParams.fromJson(p.toJson()));
        assertEquals(EnumSet.allOf(Profile.class), Profile.parseList("all"));
        assertThrows(BadParameterException.class, () -> Profile.parseList("oltp,fast"));
        BadParameterException odd = assertThrows(BadParameterException.class, () -> new DiskParams((1L << 30) + 512,
                Set.of(Profile.REDO), Duration.ofMillis(20), 70, Duration.ofSeconds(1), 8, false, false));
        assertTrue(odd.getMessage().startsWith("size: "), odd.getMessage());
        assertThrows(BadParameterException.class, () -> new DiskParams(1L << 30, Set.of(Profile.OLTP),
                Duration.ofMillis(20), 101, Duration.ofSeconds(1), 8, false, false));
        assertThrows(BadParameterException.class, () -> new DiskParams(1L << 30, Set.of(Profile.OLTP),
                Duration.ofMillis(20), 70, Duration.ofSeconds(1), 0, false, false));
    }
}
