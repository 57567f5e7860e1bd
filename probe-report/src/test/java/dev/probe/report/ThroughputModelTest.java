package dev.probe.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The fitted model's formulas, regimes and limits, checked against its own constants (none hard-coded here). */
class ThroughputModelTest {
    private static final long TB = 1_060_000_000_000L;
    private final ThroughputModel model = ThroughputModel.fit(PaperData.load());
    private final ThroughputModel.Constants c = model.constants();

    @Test
    void theFitIsSane() {
        assertTrue(c.a() > 0 && c.b() > 0, "throughput falls with RTT and with loss: a " + c.a() + ", b " + c.b());
        assertTrue(c.eta1500() > 0 && c.eta1500() <= 1.2 && c.eta9000() > 0, "efficiencies: " + c);
        assertTrue(c.internetPoints() > 10 && c.censoredPoints() < c.internetPoints(), c.toString());
    }

    @Test
    void aLossyPathFollowsThePowerLawPerChannel() {
        ThroughputModel.Prediction p = model.predict(100, 0.1, 1, 1448, 10, TB);
        assertEquals("loss", p.limitedBy());
        assertEquals(c.k() * Math.pow(100, -c.a()) * Math.pow(0.001, -c.b()), p.perChannelGbps(), 1e-12);
        ThroughputModel.Prediction far = model.predict(200, 0.1, 1, 1448, 10, TB);
        assertEquals(Math.pow(2, -c.a()), far.perChannelGbps() / p.perChannelGbps(), 1e-12, "RTT^-a");
        ThroughputModel.Prediction lossier = model.predict(100, 0.2, 1, 1448, 10, TB);
        assertEquals(Math.pow(2, -c.b()), lossier.perChannelGbps() / p.perChannelGbps(), 1e-12, "p^-b");
        ThroughputModel.Prediction halfMss = model.predict(100, 0.1, 1, 724, 10, TB);
        assertEquals(0.5, halfMss.perChannelGbps() / p.perChannelGbps(), 1e-12, "Mathis: linear in MSS");
        assertEquals(4 * p.throughputGbps(), model.predict(100, 0.1, 4, 1448, 10, TB).throughputGbps(), 1e-9,
                "channels add while the link has room");
    }

    @Test
    void enoughChannelsHitTheLinksEfficiencyTimesItsCapacity() {
        ThroughputModel.Prediction p = model.predict(2, 0.01, 1000, 1448, 10, TB);
        assertEquals("capacity", p.limitedBy());
        assertEquals(c.eta1500() * 10, p.throughputGbps(), 1e-9);
    }

    @Test
    void aLossFreePathIsWindowsInSeriesWithTheLink() {
        ThroughputModel.Prediction p = model.predict(50, 0, 35, 1448, 10, TB);
        double expected = 1 / (1 / (c.eta1500() * 10) + 50 / (35 * c.windowMbit1500()));
        assertEquals(expected, p.throughputGbps(), 1e-9);
        assertEquals(c.windowMbit1500() / 50, p.perChannelGbps(), 1e-12);
        assertTrue(p.regime().contains("MTU 1500"), p.regime());
        ThroughputModel.Prediction jumbo = model.predict(50, 0, 35, 8948, 10, TB);
        assertTrue(jumbo.regime().contains("MTU 9000"), jumbo.regime());
        assertEquals(c.windowMbit9000() / 50, jumbo.perChannelGbps(), 1e-12);
        assertEquals("window", model.predict(500, 0, 1, 1448, 10, TB).limitedBy());
        assertEquals("capacity", model.predict(0.1, 0, 1000, 1448, 10, TB).limitedBy());
    }

    @Test
    void minutesAreTheVolumeAtThePredictedRate() {
        ThroughputModel.Prediction p = model.predict(20, 0.05, 35, 1448, 10, TB);
        assertEquals(TB * 8.0 / (p.throughputGbps() * 1e9) / 60, p.minutes(), 1e-9);
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
