package dev.probe.report;

/** One row of the paper's tipping-point tables (4, 6, 8, 10), as printed: {@code ~8}, {@code <2}. */
public record PaperTip(int table, String operation, int fcMtu, DeliveryClass deliveryClass, String tip2x,
        String tip10x) {
}
