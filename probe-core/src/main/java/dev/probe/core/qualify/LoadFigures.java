package dev.probe.core.qualify;

/**
 * What the background load carried: alone (after its ramp, before the loaded steps) and beside the redo (during
 * them), in bit/s; what the redo cost it is the difference.
 *
 * @param load        as the user typed it ("backup:16")
 * @param described   for a reason ("16 backup channels")
 * @param aloneBps    its rate alone, NaN when too short to say
 * @param besideBps   its rate while the loaded steps ran
 * @param besideBytes bytes it moved while the loaded steps ran
 * @param failure     why it ended early, or null
 */
public record LoadFigures(String load, String described, double aloneBps, double besideBps, long besideBytes,
                          String failure) {
    /** The share of its rate the load lost beside the redo (0.12 = 12 %); NaN when either rate is unknown. */
    public double cost() {
        return aloneBps > 0 && Double.isFinite(besideBps) ? 1 - besideBps / aloneBps : Double.NaN;
    }
}
