package dev.probe.core.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;

/**
 * What one direction of the link did: packets and bytes delivered, packets dropped by the loss draw, dropped at
 * the tail of a full queue, refused by the receiving device, the most packets it held at once, and dropped by a
 * per-flow policer, and dropped as larger than the path MTU; and the size of its units in segments (median and
 * 90th percentile over every unit that arrived: 1 and 1 where each packet is a unit).
 */
public record LinkCounters(long forwarded, long bytes, long lossDrops, long queueDrops, long writeErrors,
        long peakQueue, long policeDrops, long mtuDrops, int unitMedian, int unitP90) {
    /** Counters without unit sizes (a link that does not count them: each packet its own unit). */
    public LinkCounters(long forwarded, long bytes, long lossDrops, long queueDrops, long writeErrors,
                        long peakQueue, long policeDrops, long mtuDrops) {
        this(forwarded, bytes, lossDrops, queueDrops, writeErrors, peakQueue, policeDrops, mtuDrops, 0, 0);
    }

    /** Packets that arrived (delivered, dropped or still held). */
    public long arrived() {
        return forwarded + lossDrops + queueDrops + writeErrors + policeDrops + mtuDrops;
    }

    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("forwarded", forwarded);
        n.put("bytes", bytes);
        n.put("dropped_loss", lossDrops);
        n.put("dropped_queue", queueDrops);
        n.put("write_errors", writeErrors);
        n.put("peak_queue", peakQueue);
        n.put("dropped_police", policeDrops);
        n.put("dropped_mtu", mtuDrops);
        n.put("unit_segments_median", unitMedian);
        n.put("unit_segments_p90", unitP90);
        return n;
    }

    public static LinkCounters fromJson(JsonNode n) {
        return new LinkCounters(n.path("forwarded").asLong(), n.path("bytes").asLong(), n.path("dropped_loss").asLong(),
                n.path("dropped_queue").asLong(), n.path("write_errors").asLong(), n.path("peak_queue").asLong(),
                n.path("dropped_police").asLong(), n.path("dropped_mtu").asLong(),
                n.path("unit_segments_median").asInt(), n.path("unit_segments_p90").asInt());
    }

    public String describe() {
        return forwarded + " packets forwarded (" + bytes + " bytes), " + lossDrops + " dropped by loss, " + queueDrops
                + " dropped by a full queue" + (writeErrors > 0 ? ", " + writeErrors + " refused" : "")
                + ", peak queue " + peakQueue + (policeDrops > 0 ? ", " + policeDrops + " dropped by the policer" : "")
                + (mtuDrops > 0 ? ", " + mtuDrops + " over the path MTU" : "")
                + (unitP90 > 1 ? "; units of " + unitMedian + " segments at the median, " + unitP90 + " at p90 (each "
                        + "loss drops a whole unit)" : "");
    }
}
