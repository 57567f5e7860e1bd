package dev.probe.report;

import dev.probe.model.PathModel;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The fitted model's formulas, regimes, ranges and limits, checked against its own constants (none hard-coded here). */
class ThroughputModelTest {
    private static final long TB = 1_060_000_000_000L;
    private static final ThroughputModel MODEL = ThroughputModel.fit(PaperData.load());
    private final ThroughputModel model = MODEL;
    private final PathModel.Constants c = model.constants();

    @Test
    void theFitIsSane() {
        assertTrue(c.eta1500() > 0 && c.eta1500() <= 1.2 && c.eta9000() > 0, "efficiencies: " + c);
        assertTrue(c.lossy().eta() > 0.5 && c.lossy().eta() <= 1, "the Internet link's efficiency " + c.lossy().eta());
        assertTrue(c.lossy().baseRttMs() >= 1.4 && c.lossy().baseRttMs() <= 1.9, "the <2 cells' base RTT");
        assertTrue(c.band() > 0 && c.band() <= c.heldOutErrors().max(), "the range is a held-out error: " + c.band());
    }

    @Test
    void aLossyPathFallsWithRttAndLossAndScalesWithMss() {
        PathModel.Prediction p = model.predict(100, 0.1, 1, 1448, 10, TB);
        assertEquals("loss", p.limitedBy());
        assertTrue(model.predict(200, 0.1, 1, 1448, 10, TB).perChannelGbps() < p.perChannelGbps(), "farther");
        assertTrue(model.predict(100, 0.2, 1, 1448, 10, TB).perChannelGbps() < p.perChannelGbps(), "lossier");
        assertEquals(0.5, model.predict(100, 0.1, 1, 724, 10, TB).perChannelGbps() / p.perChannelGbps(), 1e-9,
                "linear in MSS, as Mathis's law");
        assertEquals(4 * p.throughputGbps(), model.predict(100, 0.1, 4, 1448, 10, TB).throughputGbps(),
                1e-3 * p.throughputGbps(), "channels add while the link has room");
        double backup = model.predict(100, 0.1, 1, 1448, 10, TB, "backup").perChannelGbps();
        double restore = model.predict(100, 0.1, 1, 1448, 10, TB, "restore").perChannelGbps();
        assertEquals(c.lossy().restoreOverBackup(), restore / backup, 1e-9, "the fitted direction factor");
        assertEquals(Math.sqrt(backup * restore), p.perChannelGbps(), 1e-12, "no direction: halfway between");
    }

    @Test
    void enoughChannelsHitTheLinksEfficiencyTimesItsCapacity() {
        PathModel.Prediction p = model.predict(2, 0.01, 1000, 1448, 10, TB);
        assertEquals("capacity", p.limitedBy());
        assertEquals(c.lossy().eta() * 10, p.throughputGbps(), 0.01 * p.throughputGbps());
    }

    @Test
    void aLossFreePathIsWindowsInSeriesWithTheLink() {
        PathModel.Prediction p = model.predict(50, 0, 35, 1448, 10, TB);
        double expected = 1 / (1 / (c.eta1500() * 10) + 50 / (35 * c.windowMbit1500()));
        assertEquals(expected, p.throughputGbps(), 1e-9);
        assertEquals(c.windowMbit1500() / 50, p.perChannelGbps(), 1e-12);
        assertTrue(p.regime().contains("MTU 1500"), p.regime());
        PathModel.Prediction jumbo = model.predict(50, 0, 35, 8948, 10, TB);
        assertTrue(jumbo.regime().contains("MTU 9000"), jumbo.regime());
        assertEquals(c.windowMbit9000() / 50, jumbo.perChannelGbps(), 1e-12);
        assertEquals("window", model.predict(500, 0, 1, 1448, 10, TB).limitedBy());
        assertEquals("capacity", model.predict(0.1, 0, 1000, 1448, 10, TB).limitedBy());
    }

    @Test
    void minutesAreTheVolumeAtThePredictedRateWithinTheHeldOutError() {
        PathModel.Prediction p = model.predict(20, 0.05, 35, 1448, 10, TB);
        assertEquals(TB * 8.0 / (p.throughputGbps() * 1e9) / 60, p.minutes(), 1e-9);
        assertEquals(c.band(), p.band());
        assertEquals(p.minutes() / (1 + c.band()), p.minutesLow(), 1e-9);
        assertEquals(p.minutes() / (1 - c.band()), p.minutesHigh(), 1e-9);
    }

    @Test
    void eachBadInputIsOneReportInputException() {
        for (double[] bad : new double[][] {{0, 0.1, 35, 1448, 10}, {-1, 0.1, 35, 1448, 10}, {10, -0.1, 35, 1448, 10},
                {10, 100, 35, 1448, 10}, {10, 0.1, 0, 1448, 10}, {10, 0.1, 35, 87, 10}, {10, 0.1, 35, 1448, 0},
                {Double.NaN, 0.1, 35, 1448, 10}}) {
            ReportInputException e = assertThrows(ReportInputException.class,
                    () -> model.predict(bad[0], bad[1], (int) bad[2], (int) bad[3], bad[4], TB));
            assertTrue(e.getMessage().startsWith("predict needs"), e.getMessage());
        }
    }
}
