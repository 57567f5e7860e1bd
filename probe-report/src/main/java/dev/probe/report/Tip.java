package dev.probe.report;

import java.util.Locale;

/**
 * A computed tipping point: a delay in ms (interpolated), or "already at the first delay" ({@code <first}, shown
 * as {@code <2} on the paper's grid), or "not within the grid" ({@code >last}, e.g. {@code >100}).
 */
public record Tip(Kind kind, double ms, String firstLabel, String lastLabel) {
    /** Where the threshold was reached. */
    public enum Kind { AT, BEFORE_FIRST, AFTER_LAST }

    public static Tip at(double ms) {
        return new Tip(Kind.AT, ms, null, null);
    }

    public static Tip beforeFirst(String firstLabel) {
        return new Tip(Kind.BEFORE_FIRST, Double.NaN, firstLabel, null);
    }

    public static Tip afterLast(String lastLabel) {
        return new Tip(Kind.AFTER_LAST, Double.NaN, null, lastLabel);
    }

    /** {@code 6.7}, {@code <2}, {@code >100}. */
    @Override
    public String toString() {
        switch (kind) {
            case AT:
                return String.format(Locale.ROOT, "%.1f", ms);
            case BEFORE_FIRST:
                return "<" + (firstLabel.startsWith("<") ? firstLabel.substring(1) : firstLabel);
            default:
                return ">" + lastLabel;
        }
    }
}
