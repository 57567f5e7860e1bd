package dev.probe.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.model.PathModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The paper's tipping points recomputed from its raw rows, the algorithm on hand-made data, the fitted model. */
class PaperAnalysisTest {
    private final PaperData paper = PaperData.load();

    @Test
    void shippedDataIsComplete() {
        assertEquals(32, paper.rows().size());
        assertEquals(12, paper.tips().size());
        assertEquals(4, paper.summary().size());
    }

    @Test
    void recomputedTippingPointsAgreeWithThePaperForAllFourTables() {
        List<TippingPoints.Result> computed = TippingPoints.compute(paper.rows());
        assertEquals(12, computed.size());
        for (PaperTip printed : paper.tips()) {
            TippingPoints.Result c = computed.stream()
                    .filter(r -> r.table().equals(String.valueOf(printed.table() + 1)) && r.deliveryClass() == printed
                            .deliveryClass())
                    .findFirst().orElseThrow();
            List<Double> grid = paper.rows().stream().filter(r -> r.table().equals(c.table())).map(PaperRow::delayMs)
                    .sorted().collect(Collectors.toList());
            assertTrue(Agreement.agrees(printed.tip2x(), c.tip2x(), grid),
                    "table " + printed.table() + " " + printed.deliveryClass() + " 2x: paper " + printed.tip2x()
                            + " vs " + c.tip2x());
            assertTrue(Agreement.agrees(printed.tip10x(), c.tip10x(), grid),
                    "table " + printed.table() + " " + printed.deliveryClass() + " 10x: paper " + printed.tip10x()
                            + " vs " + c.tip10x());
        }
    }

    @Test
    void knownValuesOfTable5() {
        TippingPoints.Result high = TippingPoints.compute(paper.rows()).stream()
                .filter(r -> r.table().equals("5") && r.deliveryClass() == DeliveryClass.HIGH).findFirst()
                .orElseThrow();
        assertEquals(5 + (2 - 1.4) / (3.2 - 1.4) * 5, high.tip2x().ms(), 1e-9);
        assertEquals(20 + (10 - 6.5) / (10.1 - 6.5) * 15, high.tip10x().ms(), 1e-9);
        TippingPoints.Result low = TippingPoints.compute(paper.rows()).stream()
                .filter(r -> r.table().equals("5") && r.deliveryClass() == DeliveryClass.LOW).findFirst().orElseThrow();
        assertEquals("<2", low.tip2x().toString());
    }

    @Test
    void handMadeCsvGivesKnownAnswersIncludingFirstAndLast(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("mine.csv");
        Files.writeString(csv, String.join("\n",
                "table,operation,fc_mtu_bytes,delay_ms,internet_high_multiple,internet_medium_multiple,internet_low_multiple,extra",
                "1,backup,1500,<2,1.0,2.5,1.0,x",
                "1,backup,1500,10,3.0,12.0,1.5,y",
                "1,backup,1500,30,11.0,20.0,1.9,z", ""));
        List<TippingPoints.Result> r = TippingPoints.compute(PaperData.readRows(csv));
        assertEquals(3, r.size());
        TippingPoints.Result high = r.get(0);
        assertEquals(2 + (2 - 1.0) / (3.0 - 1.0) * 8, high.tip2x().ms(), 1e-9);
        assertEquals(10 + (10 - 3.0) / (11.0 - 3.0) * 20, high.tip10x().ms(), 1e-9);
        assertEquals("<2", r.get(1).tip2x().toString());
        assertEquals(Tip.Kind.BEFORE_FIRST, r.get(1).tip2x().kind());
        assertEquals(">30", r.get(2).tip2x().toString());
        assertEquals(Tip.Kind.AFTER_LAST, r.get(2).tip10x().kind());
    }

    @Test
    void badCsvNamesLineAndColumn(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("a.csv");
        Files.writeString(missing, "table,operation,fc_mtu_bytes,delay_ms\n1,backup,1500,5\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PaperData.readRows(missing)).getMessage()
                .contains("line 2: missing column internet_high_multiple"));
        Path bad = dir.resolve("b.csv");
        Files.writeString(bad, "table,operation,fc_mtu_bytes,delay_ms,high_multiple,medium_multiple,low_multiple\n"
                + "1,backup,1500,soon,1,2,3\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PaperData.readRows(bad)).getMessage()
                .contains("line 2: delay_ms 'soon' is not a delay"));
        Path huge = dir.resolve("c.csv");
        Files.writeString(huge, "table,operation,fc_mtu_bytes,delay_ms,high_multiple,medium_multiple,low_multiple\n"
                + "1,backup,99999999999999999999,5,1,2,3\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PaperData.readRows(huge)).getMessage()
                .contains("line 2: fc_mtu_bytes '99999999999999999999' is not an MTU"),
                "not clamped (issue 23, point 7)");
        Path negative = dir.resolve("d.csv");
        Files.writeString(negative, "table,operation,fc_mtu_bytes,delay_ms,high_multiple,medium_multiple,low_multiple\n"
                + "1,backup,1500,5,-1,2,3\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PaperData.readRows(negative)).getMessage()
                .contains("high_multiple '-1' is negative"));
    }

    @Test
    void modelReproducesThePaperInternetThroughputsWithinTenPercentMedian() {
        ThroughputModel model = ThroughputModel.fit(paper);
        PathModel.Constants c = model.constants();
        assertTrue(c.internetErrors().median() <= 0.05, "median error " + c.internetErrors().median());
        assertTrue(c.privateErrors().median() <= 0.05, "private median error " + c.privateErrors().median());
        assertEquals(96, c.internetPoints(), "every table's Internet cells, as the paper printed them");
    }

    @Test
    void predictionsBehave() {
        ThroughputModel m = ThroughputModel.fit(paper);
        long tb = 1_060_000_000_000L;
        PathModel.Prediction p = m.predict(100, 0.1, 35, 1448, 10, tb);
        assertEquals(0.34, p.throughputGbps(), 0.34 * 0.25, "paper: 0.33-0.34 Gbit/s");
        assertEquals("loss", p.limitedBy());
        assertTrue(m.predict(100, 0.1, 65, 1448, 10, tb).throughputGbps() > p.throughputGbps() * 1.8, "more channels");
        assertTrue(m.predict(80, 0.1, 35, 1448, 10, tb).throughputGbps() > p.throughputGbps(), "closer is faster");
        PathModel.Prediction fc = m.predict(2, 0, 35, 8948, 10, tb);
        assertEquals(9.35, fc.throughputGbps(), 0.45, "paper at <2 ms, MTU 9000: restore 9.1, backup 9.6 Gbit/s");
        assertEquals(15.5, fc.minutes(), 1.5, "paper: restore 16.0, backup 15.1 minutes");
        assertThrows(IllegalArgumentException.class, () -> m.predict(-1, 0.1, 35, 1448, 10, tb));
    }
}
