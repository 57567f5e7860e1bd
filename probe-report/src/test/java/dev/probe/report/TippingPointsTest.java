package dev.probe.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The paper's tipping-point rule on series made by hand: interpolation, the first row, never, gaps, order. */
class TippingPointsTest {
    private static final List<String> LABELS = List.of("<2", "5", "10", "20");

    @Test
    void interpolatesBetweenTheTwoRowsThatBracketTheThreshold() {
        Tip t = TippingPoints.tip(List.of(new double[] {1, 1.0}, new double[] {5, 1.5}, new double[] {10, 3.0},
                new double[] {20, 12}), LABELS, 2);
        assertEquals(Tip.Kind.AT, t.kind());
        assertEquals(5 + (2 - 1.5) / (3.0 - 1.5) * 5, t.ms(), 1e-12);
    }

    @Test
    void aRowExactlyAtTheThresholdIsItsDelay() {
        Tip t = TippingPoints.tip(List.of(new double[] {1, 1.0}, new double[] {5, 2.0}, new double[] {10, 3.0}),
                LABELS.subList(0, 3), 2);
        assertEquals(5, t.ms(), 1e-12);
    }

    @Test
    void theFirstRowAlreadyOverIsBeforeFirstAndNeverIsAfterLast() {
        Tip before = TippingPoints.tip(List.of(new double[] {1, 2.5}, new double[] {5, 4}), LABELS.subList(0, 2), 2);
        assertEquals(Tip.Kind.BEFORE_FIRST, before.kind());
        assertEquals("<2", before.toString());
        Tip after = TippingPoints.tip(List.of(new double[] {1, 1}, new double[] {20, 9.9}), List.of("<2", "20"), 10);
        assertEquals(Tip.Kind.AFTER_LAST, after.kind());
        assertEquals(">20", after.toString());
    }

    @Test
    void computeSortsEachTableByDelayAndSkipsRowsWithoutAMultiple() {
        // rows out of order; the medium class has no multiple at 10 ms, so its 2x point lies between 5 and 20 ms
        List<PaperRow> rows = new ArrayList<>(List.of(row("20", 20, 10.0, 4.0, 1.5), row("<2", 2, 1.0, 1.0, 1.0),
                row("5", 5, 1.5, 1.5, 1.1), row("10", 10, 5.0, Double.NaN, 1.2)));
        TippingPoints.Result high = result(rows, DeliveryClass.HIGH);
        assertEquals(5 + (2 - 1.5) / (5.0 - 1.5) * 5, high.tip2x().ms(), 1e-12);
        assertEquals(20, high.tip10x().ms(), 1e-12);
        TippingPoints.Result medium = result(rows, DeliveryClass.MEDIUM);
        assertEquals(5 + (2 - 1.5) / (4.0 - 1.5) * 15, medium.tip2x().ms(), 1e-12);
        assertEquals(Tip.Kind.AFTER_LAST, medium.tip10x().kind());
        assertEquals(Tip.Kind.AFTER_LAST, result(rows, DeliveryClass.LOW).tip2x().kind());
    }

    private static TippingPoints.Result result(List<PaperRow> rows, DeliveryClass c) {
        return TippingPoints.compute(rows).stream().filter(r -> r.deliveryClass() == c).findFirst().orElseThrow();
    }

    /** A row of table 9 with the given multiples (private link / Internet) per class. */
    private static PaperRow row(String label, double ms, double high, double medium, double low) {
        Map<DeliveryClass, Double> multiple = new EnumMap<>(DeliveryClass.class);
        multiple.put(DeliveryClass.HIGH, high);
        multiple.put(DeliveryClass.LOW, low);
        if (!Double.isNaN(medium)) {
            multiple.put(DeliveryClass.MEDIUM, medium);
        }
        return new PaperRow("9", "backup", 1500, label, ms, 10, 5, new EnumMap<>(DeliveryClass.class), multiple);
    }
}
