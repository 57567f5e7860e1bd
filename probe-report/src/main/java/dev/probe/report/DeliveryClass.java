package dev.probe.report;

import java.util.Locale;

/** The paper's Internet delivery classes, by the packet loss imposed on the data direction. */
public enum DeliveryClass {
    HIGH(0.1), MEDIUM(0.5), LOW(1.0);

    private final double lossPercent;

    DeliveryClass(double lossPercent) {
        this.lossPercent = lossPercent;
    }

    public double lossPercent() {
        return lossPercent;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The class a measured loss (or retransmit) ratio falls in: nearest on a log scale; null below 0.01 %. */
    public static DeliveryClass ofLossPercent(double pct) {
        if (!(pct >= 0.01)) {
            return null;
        }
        if (pct < Math.sqrt(0.1 * 0.5)) {
            return HIGH;
        }
        return pct < Math.sqrt(0.5 * 1.0) ? MEDIUM : LOW;
    }
}
