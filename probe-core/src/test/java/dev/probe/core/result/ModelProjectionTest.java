package dev.probe.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Issue 59: bulk's "x the paper's" is one figure, from the steady window, and never from a run its path capped. */
class ModelProjectionTest {
    private static final long TB20 = 20_000_000_000_000L;

    private static TcpStats path(double rttMs, double minRttMs) {
        return new TcpStats(rttMs, minRttMs, 1_000, 1_000_000, 0.001, 50, 1448, "cubic", 0, 1500, null);
    }

    @Test
    void theStreamsRatioIsTheSteadyThroughputOverTheModels() {
        ModelProjection m = ModelProjection.of(path(40.5, 40), 35, "backup", TB20, 0.5);
        assertFalse(m.queued());
        double model = m.prediction().throughputGbps();
        assertEquals(0.77, m.streamsOverPapers(0.77 * model), 1e-12);
        assertTrue(Double.isNaN(m.streamsOverPapers(Double.NaN)), "no steady window: no ratio");
        assertEquals(model, 35 * m.prediction().perChannelGbps(), 1e-12, "35 channels x each add up");
    }

    @Test
    void aRunThatBuiltAQueueIsNotComparedWithThePapersLossLimitedStreams() {
        ModelProjection m = ModelProjection.of(path(80, 40), 56, "backup", TB20, 0.3);
        assertTrue(m.queued(), "a round trip 40 ms over its lowest: the path's queue");
        assertTrue(Double.isNaN(m.streamsOverPapers(0.3)));
        assertTrue(m.prediction().throughputGbps() <= 0.3 && m.prediction().gbpsRange()[1] <= 0.3,
                "no figure beats the line the run found: " + m.prediction());
    }
}
