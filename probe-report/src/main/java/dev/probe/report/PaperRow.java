package dev.probe.report;

import java.util.EnumMap;
import java.util.Map;

/**
 * One row of a throughput table (the paper's tables 5, 7, 9, 11, or a user's CSV of the same shape): at one
 * round-trip delay, the private link's throughput and, per Internet class, its throughput and the multiple.
 * Absent figures are NaN. {@code delayMs} of the grid's {@code <2} is 2.
 */
public record PaperRow(String table, String operation, int fcMtu, String delayLabel, double delayMs, double fcMinutes,
        double fcGbps, Map<DeliveryClass, Double> internetGbps, Map<DeliveryClass, Double> multiple) {
    public PaperRow {
        internetGbps = new EnumMap<>(internetGbps);
        multiple = new EnumMap<>(multiple);
    }

    public double internet(DeliveryClass c) {
        return internetGbps.getOrDefault(c, Double.NaN);
    }

    public double multiple(DeliveryClass c) {
        return multiple.getOrDefault(c, Double.NaN);
    }
}
