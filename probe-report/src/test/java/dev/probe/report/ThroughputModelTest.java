package dev.probe.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.model.PathModel;
import dev.probe.model.Spread;
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
        assertEquals(Math.pow(4, Spread.CHANNEL_GAMMA) * p.throughputGbps(), model.predict(100, 0.1, 4, 1448, 10, TB)
                .throughputGbps(), 1e-3 * p.throughputGbps(), "channels add as the lab's while the link has room");
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
        assertEquals(c.windowMbit1500() / 50, p.streamGbps(), 1e-12);
        assertEquals(p.throughputGbps() / 35, p.perChannelGbps(), 1e-12);
        assertTrue(p.regime().contains("MTU 1500"), p.regime());
        PathModel.Prediction jumbo = model.predict(50, 0, 35, 8948, 10, TB);
        assertTrue(jumbo.regime().contains("MTU 9000"), jumbo.regime());
        assertEquals(c.windowMbit9000() / 50, jumbo.streamGbps(), 1e-12);
        assertEquals("window", model.predict(500, 0, 1, 1448, 10, TB).limitedBy());
        assertEquals("capacity", model.predict(0.1, 0, 1000, 1448, 10, TB).limitedBy());
    }

    @Test
    void minutesAreTheVolumeAtThePredictedRateWithinTheCrossValidatedRange() {
        PathModel.Prediction p = model.predict(20, 0.5, 35, 1448, 10, TB);
        assertEquals(TB * 8.0 / (p.throughputGbps() * 1e9) / 60, p.minutes(), 1e-9);
        assertEquals(c.band(), p.band(), 1e-12, "inside the grid: the leave-one-RTT-out range alone");
        assertEquals(p.minutes() * Math.exp(-c.band()), p.minutesLow(), 1e-9);
        assertEquals(p.minutes() * Math.exp(c.band()), p.minutesHigh(), 1e-9);
        PathModel.Prediction beyond = model.predict(20, 0.05, 35, 1448, 10, TB);
        assertEquals(c.band() + c.spread().lossPerDecade() * Math.log10(2), beyond.band(), 1e-5,
                "half the fitted lowest loss: 0.30 decades more, at the cross-validated rate per decade");
        assertTrue(beyond.bandBasis().contains("decades outside the paper's 0.1-1 %"), beyond.bandBasis());
        PathModel.Prediction wider = model.predict(20, 0.5, 70, 8948, 10, TB);
        assertTrue(wider.bandDown() > c.band() + Math.log(8948 / 1448.0) && wider.bandUp() < c.band() + 0.05,
                "more channels and a larger MSS than the paper's widen it downwards: " + wider.bandBasis());
    }

    /** Issue 59: no figure beats the line, and every count times a per-unit figure adds up. */
    @Test
    void noFigureBeatsTheLineAndEveryProductAddsUp() {
        for (double rtt : new double[] {0.5, 2, 10, 40, 55, 100, 300}) {
            for (double loss : new double[] {0, 0.01, 0.05, 0.1, 1, 3}) {
                for (int channels : new int[] {1, 4, 35, 56, 200}) {
                    for (double capacity : new double[] {0.1, 1, 10}) {
                        PathModel.Prediction p = model.predict(rtt, loss, channels, 1448, capacity, TB, "backup");
                        String at = rtt + " ms " + loss + " % " + channels + " ch " + capacity + " Gbit/s: " + p;
                        assertTrue(p.throughputGbps() <= capacity && p.gbpsRange()[1] <= capacity * (1 + 1e-12), at);
                        assertTrue(p.minutesLow() >= TB * 8.0 / (capacity * 1e9) / 60 * (1 - 1e-12), at);
                        assertEquals(p.throughputGbps(), channels * p.perChannelGbps(), 1e-12 * capacity, at);
                        assertTrue(p.minutesLow() <= p.minutes() && p.minutes() <= p.minutesHigh(), at);
                    }
                }
            }
        }
    }

    /**
     * Issue 59: the stated range holds at least 90 % of the paper's cells when each cell's round trip was left out of
     * the fit that predicts it, and at least 80 % when its loss rate was (a stricter test: the range at a loss
     * inside 0.1-1 % does not widen, yet the fit never saw that loss).
     */
    @Test
    void theRangeHoldsTheCellsOfRoundTripsAndLossesTheFitDidNotSee() {
        ModelValidation v = ModelValidation.of(ThroughputModel.paperCells(PaperData.load()));
        double band = c.band();
        double[] rtt = v.best().leaveRttOut();
        double[] loss = v.best().leaveLossOut();
        assertTrue(ModelValidation.coverage(rtt, band) >= 0.9, "leave-one-RTT-out: " + ModelValidation.coverage(rtt,
                band));
        assertTrue(ModelValidation.coverage(loss, band) >= 0.8, "leave-one-loss-out: " + ModelValidation.coverage(loss,
                band));
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
