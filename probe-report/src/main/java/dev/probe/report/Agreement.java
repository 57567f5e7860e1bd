package dev.probe.report;

import java.util.List;

/**
 * Whether a computed tipping point agrees with the paper's printed one ({@code ~8}, {@code <2}): within the
 * paper's value +/- 40 %, or in the same interval of the delay grid. The paper read its values off charts.
 */
public final class Agreement {
    public static final double TOLERANCE = 0.40;

    private Agreement() {
    }

    /** {@code grid} is the sorted delay grid (ms) the computation walked. */
    public static boolean agrees(String printed, Tip computed, List<Double> grid) {
        String p = printed.trim();
        if (p.startsWith("<")) {
            double bound = Double.parseDouble(p.substring(1));
            return computed.kind() == Tip.Kind.BEFORE_FIRST
                    || computed.kind() == Tip.Kind.AT && computed.ms() <= bound * (1 + TOLERANCE);
        }
        if (p.startsWith(">")) {
            return computed.kind() == Tip.Kind.AFTER_LAST;
        }
        double value = Double.parseDouble(p.startsWith("~") ? p.substring(1) : p);
        if (computed.kind() != Tip.Kind.AT) {
            return computed.kind() == Tip.Kind.BEFORE_FIRST && value <= grid.get(0);
        }
        if (Math.abs(computed.ms() - value) <= TOLERANCE * value) {
            return true;
        }
        return interval(grid, computed.ms()) == interval(grid, value);
    }

    /** Index of the grid interval holding {@code ms}: 0 before the first point, n after the last. */
    private static int interval(List<Double> grid, double ms) {
        int i = 0;
        while (i < grid.size() && ms > grid.get(i)) {
            i++;
        }
        return i;
    }
}
