package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.client.Egress;
import dev.probe.core.client.Target;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 39, point 2: the load alone on settled windows, beside the redo on windows of the same length. */
class LoadTraceTest {
    private static final long S = 1_000_000_000L;

    /** A trace sampled every 250 ms at {@code mbit[i]} Mbit/s during second i. */
    private static LoadTrace trace(double... mbit) {
        LoadTrace t = new LoadTrace();
        long bytes = 0;
        t.add(0, 0);
        for (int i = 0; i < mbit.length; i++) {
            for (int q = 1; q <= 4; q++) {
                bytes += Math.round(mbit[i] * 1e6 / 8 / 4);
                t.add(i * S + q * S / 4, bytes);
            }
        }
        return t;
    }

    /** Seen on a 40 ms, 0.1 % loss link: 8 bulk channels fell from 574 to 126 Mbit/s within 5 s of starting. */
    @Test
    void aStartUpBurstIsNotTakenForTheLoadAlone() {
        LoadTrace t = trace(574, 420, 300, 210, 150, 128, 126, 125, 127, 126);
        assertFalse(t.settled(0, 3 * S), "the first three seconds fall by a quarter each");
        assertFalse(t.settled(0, 5 * S));
        assertTrue(t.settled(0, 7 * S), "settled from the fifth second on: " + List.of(t.windows(4 * S, 7 * S)));
        assertEquals(126e6, t.medianRate(7 * S, 10 * S), 1.5e6, "alone, on the settled windows");
        assertEquals(210e6, t.medianRate(0, 7 * S), 1e6, "what a mean over the ramp would have mixed in");
    }

    @Test
    void windowsAreWholeSecondsAndTooShortIsUnknown() {
        LoadTrace t = trace(100, 100, 100);
        assertEquals(3, t.windows(0, 3 * S).length);
        assertEquals(2, t.windows(S / 2, 3 * S).length, "only whole windows that end by the trace's last sample");
        assertTrue(Double.isNaN(t.medianRate(0, S / 2)), "not one whole window");
        assertFalse(t.settled(S, 3 * S), "fewer than three windows since the load began to flow");
    }

    /**
     * Seen in the lab: asked between two samples (every 250 ms), the three windows before "now" ran past the trace's
     * last sample, only two whole ones fitted, and a flat 96 Mbit/s load was never called settled.
     */
    @Test
    void aLiveTraceIsJudgedOnTheWindowsEndingAtItsLatestSample() {
        LoadTrace t = trace(96, 96, 96, 96);
        assertTrue(t.settled(0, 4 * S + S / 10), "100 ms after the last sample");
        assertTrue(t.settled(0, 4 * S + S / 4 - 1), "just before the next one would come");
        assertFalse(t.settled(2 * S, 4 * S + S / 10), "only two windows since the load began to flow");
    }

    @Test
    void aLoadFlowingTheOtherWayOrNotSettledIsPutNoCost() {
        LoadFigures opposite = new LoadFigures("restore:8", "8 restore channels", 500e6, 250e6, 1L << 30, null, true,
                false, 24.5e6);
        assertTrue(Double.isNaN(opposite.cost()));
        assertEquals("the load carried 500.0 Mbit/s alone and 250.0 Mbit/s beside the redo (medians of one-second "
                + "windows); it flowed the other way from the redo, so no cost is put on the redo",
                Verdicts.loadLine(opposite));
        LoadFigures unsettled = new LoadFigures("backup:8", "8 backup channels", 527.5e6, 139.7e6, 1L << 30, null,
                false, true, 24.5e6);
        assertTrue(Double.isNaN(unsettled.cost()));
        assertTrue(Verdicts.loadLine(unsettled).endsWith("its rate had not settled within 10 s (one-second rates "
                + "still more than 20 % apart), so no cost is put on the redo"), Verdicts.loadLine(unsettled));
        LoadFigures gained = new LoadFigures("backup:8", "8 backup channels", 866e6, 887e6, 1L << 30, null, true, true,
                24.5e6);
        assertTrue(Verdicts.loadLine(gained).endsWith(": 2 % more beside the redo (no cost)"), Verdicts.loadLine(
                gained));
        LoadFigures lost = new LoadFigures("backup:8", "8 backup channels", 800e6, 600e6, 1L << 30, null, true, true,
                300e6);
        assertTrue(Verdicts.loadLine(lost).endsWith(": 25 % less beside the redo"), Verdicts.loadLine(lost));
        // issue 59: a 24.5 Mbit/s redo stream is not blamed for a 1 Gbit/s backup's 33 % drop
        LoadFigures burst = new LoadFigures("backup:35", "35 backup channels", 987.4e6, 661.5e6, 1L << 30, null, true,
                true, 24.5e6);
        assertEquals(24.5e6 / 987.4e6, burst.cost(), 1e-12);
        assertTrue(Verdicts.loadLine(burst).endsWith(": 33 % less beside the redo, of which a redo stream of 24.5 "
                + "Mbit/s can have taken at most 2 %; the rest is the path's own variation"), Verdicts.loadLine(burst));
    }

    /** Seen: "under load p50 -0.164 ms, p99 -246.284 ms", a difference printed as a latency. */
    @Test
    void aSyncLineShowsLatenciesAndTheirChangeInWordsNeverANegativeLatency() {
        Verdicts.SyncFigures idle = new Verdicts.SyncFigures("SYNC", 0.4, 250.7, 260, 0.3, 0.1, 1, Double.NaN);
        Verdicts.SyncFigures loaded = new Verdicts.SyncFigures("SYNC", 0.336, 4.416, 5, 0.3, 0.036, 1, Double.NaN);
        String line = Verdicts.syncBeside(idle, loaded);
        assertEquals("idle p50 0.400 / p99 250.700 / p99.9 260.000 ms; under load p50 0.336 / p99 4.416 ms (p50 "
                + "0.064 ms less, p99 246.284 ms less)", line);
        assertFalse(line.contains("-"), line);
    }

    @Test
    void theLoadCarriesItsOwnClassNotTheRedos() {
        Target redo = Target.of("127.0.0.1", 1522).withRoute(new Egress(null, 46));
        UnderLoad load = UnderLoad.parse("backup:4", null, 10);
        assertEquals(10, load.marked(redo).route().dscp(), "--load-dscp AF11");
        assertEquals(-1, UnderLoad.parse("backup:4", null).marked(redo).route().dscp(), "unmarked by default");
        assertEquals(46, redo.route().dscp(), "the redo keeps EF");
        assertEquals("4 backup channels, marked DSCP 10", load.describe());
    }
}
