package dev.probe.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tipping points, the paper's way: per table and Internet class, walk the delays in order; the tipping point
 * for a threshold X (2x, 10x) is the delay where the multiple (private link / Internet) first reaches X, by
 * linear interpolation between the two rows that bracket it; {@code <first} if the first row is already at or
 * over X; {@code >last} if it never gets there. Rows without a multiple for the class are skipped.
 */
public final class TippingPoints {
    /** One table and class: its two tipping points. */
    public record Result(String table, String operation, int fcMtu, DeliveryClass deliveryClass, Tip tip2x,
            Tip tip10x) {
    }

    private TippingPoints() {
    }

    /** Tipping points for every table and class in {@code rows}, tables in order of first appearance. */
    public static List<Result> compute(List<PaperRow> rows) {
        Map<String, List<PaperRow>> byTable = new LinkedHashMap<>();
        for (PaperRow r : rows) {
            byTable.computeIfAbsent(r.table(), t -> new ArrayList<>()).add(r);
        }
        List<Result> out = new ArrayList<>();
        for (List<PaperRow> table : byTable.values()) {
            table.sort(Comparator.comparingDouble(PaperRow::delayMs));
            PaperRow first = table.get(0);
            for (DeliveryClass c : DeliveryClass.values()) {
                List<double[]> points = new ArrayList<>();
                List<String> labels = new ArrayList<>();
                for (PaperRow r : table) {
                    if (!Double.isNaN(r.multiple(c))) {
                        points.add(new double[] {r.delayMs(), r.multiple(c)});
                        labels.add(r.delayLabel());
                    }
                }
                if (points.isEmpty()) {
                    continue;
                }
                out.add(new Result(first.table(), first.operation(), first.fcMtu(), c, tip(points, labels, 2),
                        tip(points, labels, 10)));
            }
        }
        return out;
    }

    /** The tipping point of one series of (delay, multiple) points sorted by delay. */
    public static Tip tip(List<double[]> points, List<String> labels, double threshold) {
        if (points.get(0)[1] >= threshold) {
            return Tip.beforeFirst(labels.get(0));
        }
        for (int i = 1; i < points.size(); i++) {
            double[] a = points.get(i - 1);
            double[] b = points.get(i);
            if (b[1] >= threshold) {
                double f = (threshold - a[1]) / (b[1] - a[1]);
                return Tip.at(a[0] + f * (b[0] - a[0]));
            }
        }
        return Tip.afterLast(labels.get(labels.size() - 1));
    }
}
