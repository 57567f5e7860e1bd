package dev.probe.core.disk;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;

/**
 * The redo profile against a redo rate: at each write size, how busy one writer (the standby's RFS, the primary's
 * LGWR) would be carrying {@code bytesPerSecond} with writes of that size one at a time, as the measured points
 * wrote them. Busy 100 % or more: writes of that size alone cannot keep up (the log writer batches more per write
 * as it falls behind, so the larger sizes say what it would reach).
 *
 * @param size   the write size in bytes
 * @param mbps   what one writer wrote at that size, MB/s
 * @param busy   the redo rate over that, 1.0 = always writing
 */
public record RedoHeadroom(int size, double mbps, double busy) {
    /** One per redo point of {@code redo}, against {@code bytesPerSecond} of redo. */
    public static List<RedoHeadroom> of(List<LoadPoint> redo, double bytesPerSecond) {
        return redo.stream().map(p -> new RedoHeadroom(p.ioSize(), p.mbps(),
                p.mbps() <= 0 ? Double.POSITIVE_INFINITY : bytesPerSecond / 1e6 / p.mbps())).toList();
    }

    public boolean keepsUp() {
        return busy < 1;
    }

    /** A line a DBA reads: "32 KiB: one writer 19 % busy (5.4x headroom)". */
    public String describe() {
        String s = size >= 1 << 20 ? (size >> 20) + " MiB" : size >= 1024 ? (size >> 10) + " KiB" : size + " B";
        return keepsUp()
                ? String.format(Locale.ROOT, "%s: one writer %.0f %% busy (%.1fx headroom)", s, busy * 100, 1 / busy)
                : String.format(Locale.ROOT, "%s: cannot keep up (%.1fx what one writer writes at this size)", s, busy);
    }

    /** Adds {@code rows} under {@code summary} as {@code redo_rate_bytes_s} and {@code redo_headroom}. */
    public static void put(ObjectNode summary, double bytesPerSecond, List<RedoHeadroom> rows) {
        summary.put("redo_rate_bytes_s", bytesPerSecond);
        ArrayNode a = summary.putArray("redo_headroom");
        rows.forEach(r -> a.addObject().put("size", r.size()).put("mbps", r.mbps())
                .put("busy", Double.isFinite(r.busy()) ? r.busy() : 1e9).put("keeps_up", r.keepsUp()));
    }
}
