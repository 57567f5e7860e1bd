package dev.probe.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.model.PathModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A bulk run's projection rests on its steady half (issue 39, point 6), and its model line is the one model's
 * (issue 43): the lab run that moved 0.88 Gbit/s in its first second and 0.13 after ten is projected at 0.13.
 */
class SteadyRateTest {
    private static BulkProgress second(int t, double gbps) {
        long bytes = (long) (gbps * 1e9 / 8);
        return new BulkProgress(t + 0.05, bytes, 0, gbps, 0, 0, -1, Double.NaN, null);
    }

    /** 0.88 Gbit/s falling to 0.125 in ten seconds, 0.125 to 30 s, then three seconds winding down, moving nothing. */
    private static List<BulkProgress> labRun() {
        List<BulkProgress> out = new ArrayList<>();
        for (int t = 1; t <= 30; t++) {
            out.add(second(t, t <= 10 ? 0.88 - (0.88 - 0.125) * (t - 1) / 9 : 0.125));
        }
        out.add(second(31, 0.02));
        out.add(second(32, 0));
        out.add(second(33, 0));
        return out;
    }

    @Test
    void theProjectionRestsOnTheSteadyHalfNotTheStartUpBurstNorTheWindDown() {
        SteadyRate s = SteadyRate.of(labRun());
        assertEquals(0.125, s.gbps(), 1e-6, "the second half of the moving seconds: " + s);
        assertEquals(15.05, s.fromS(), 1e-9);
        assertEquals(30.05, s.toS(), 1e-9, "the cut-short last second and the wind-down are left out");
        assertEquals(0.125, s.lowGbps(), 1e-6);
        assertEquals(0.125, s.highGbps(), 1e-6);
        assertNull(SteadyRate.of(labRun().subList(0, 4)), "four intervals, one cut short: no steady half to speak of");
    }

    @Test
    void theQuartersGiveTheRange() {
        List<BulkProgress> run = new ArrayList<>();
        for (int t = 1; t <= 17; t++) {
            run.add(second(t, t > 8 && t <= 10 ? 0.1 : 0.2));
        }
        SteadyRate s = SteadyRate.of(run);
        assertEquals(0.1, s.lowGbps(), 1e-6, s.toString());
        assertEquals(0.2, s.highGbps(), 1e-6);
        assertTrue(s.gbps() > 0.1 && s.gbps() < 0.2, s.toString());
    }

    @Test
    void theModelLineIsReportPredictsForThePathTheSenderMeasured() {
        TcpStats tcp = new TcpStats(45, 40, 500, 500_000, 0.001, 100, 1448, "cubic", 0, 1500, TcpStats.Limited.UNKNOWN);
        ModelProjection m = ModelProjection.of(tcp, 8, "backup", 20_000_000_000_000L, 0.1);
        PathModel.Prediction p = PathModel.paper().predict(40, 0.1, 8, 1448, ModelProjection.UNCAPPED_GBPS,
                20_000_000_000_000L, "backup");
        assertEquals(p.minutes(), m.prediction().minutes(), 1e-9, "the sender's lowest RTT, its retransmit ratio");
        assertTrue(m.fitted());
        assertNull(ModelProjection.of(new TcpStats(45, 40, 0, 500_000, 0, 100, 1448, "cubic", 0, 1500,
                TcpStats.Limited.UNKNOWN), 8, "backup", 1L << 40, 0.1), "no loss: the model needs the capacity");
    }
}
