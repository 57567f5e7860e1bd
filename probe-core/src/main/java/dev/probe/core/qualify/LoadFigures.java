package dev.probe.core.qualify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;

/**
 * What the background load carried: alone (once its rates had settled, before the loaded steps) and beside the redo
 * (the loaded steps' last seconds, as many as alone had), in bit/s, each the median of one-second windows; what the
 * redo cost it is the difference, when both flowed the same way and the load had settled, and never more than the
 * redo's own rate could take from it.
 *
 * @param load          as the user typed it ("backup:16")
 * @param described     for a reason ("16 backup channels")
 * @param aloneBps      its rate alone, NaN when too short to say
 * @param besideBps     its rate while the loaded steps ran
 * @param besideBytes   bytes it moved while the loaded steps ran
 * @param failure       why it ended early, or null
 * @param settled       its one-second rates had settled before the loaded steps began
 * @param sameDirection the load and the redo flowed the same way (a restore beside redo to the standby does not)
 * @param redoBps       the redo's rate during the loaded steps: the most it can have taken from the load
 */
public record LoadFigures(String load, String described, double aloneBps, double besideBps, long besideBytes,
        String failure, boolean settled, boolean sameDirection, double redoBps) {
    /**
     * The share of its rate the load lost beside the redo (0.12 = 12 %; below 0 it gained); NaN when either rate is
     * unknown, the load had not settled, or the two flowed in opposite directions.
     */
    public double drop() {
        return settled && sameDirection && aloneBps > 0 && Double.isFinite(besideBps) ? 1 - besideBps / aloneBps
                : Double.NaN;
    }

    /**
     * The share of the load's rate put on the redo: its {@link #drop}, but no more than a stream of the redo's rate
     * can take ({@code redoBps / aloneBps}); the rest of a larger drop is the path's own variation.
     */
    public double cost() {
        double drop = drop();
        return drop > 0 && redoBps >= 0 ? Math.min(drop, redoBps / aloneBps) : drop;
    }

    /** Why a pass is incomplete because its load ended in failure, or null ({@code load} null or well). */
    static String failed(LoadFigures load) {
        return load == null || load.failure() == null ? null
                : "the background load (--under-load " + load.load() + ") failed: " + load.failure();
    }

    /** The load as typed, its marking ({@code u}'s DSCP, null unmarked), its rates, the cost, and how it ended. */
    ObjectNode toJson(UnderLoad u) {
        ObjectNode n = Json.object();
        n.put("load", load);
        if (u != null && u.dscp() >= 0) {
            n.put("dscp", u.dscp());
        } else {
            n.putNull("dscp");
        }
        n.put("described", described);
        LinkResult.putNumber(n, "alone_bps", aloneBps);
        LinkResult.putNumber(n, "beside_redo_bps", besideBps);
        n.put("beside_redo_bytes", besideBytes);
        LinkResult.putNumber(n, "drop", drop());
        LinkResult.putNumber(n, "cost", cost());
        LinkResult.putNumber(n, "redo_bps", redoBps);
        n.put("settled", settled);
        n.put("same_direction", sameDirection);
        if (failure != null) {
            n.put("failure", failure);
        }
        return n;
    }
}
