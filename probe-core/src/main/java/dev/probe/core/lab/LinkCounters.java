package dev.probe.core.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import java.util.Locale;

/**
 * What one direction of the link did: packets and bytes delivered, packets dropped by the loss draw, dropped at
 * the tail of a full queue, refused by the receiving device, the most packets it held at once, and dropped by a
 * per-flow policer, and dropped as larger than the path MTU; the size of its units in segments (median and
 * 90th percentile over every unit that arrived: 1 and 1 where each packet is a unit); and what the host added:
 * the nanoseconds delivered packets left after their due time (summed), and the nanoseconds the direction's
 * threads waited for a CPU over the times they ran (the kernel's schedstat; 0 where it has none). A userspace link
 * is only the link it was asked for while those stay small: netem ran in the kernel, ahead of every process.
 */
public record LinkCounters(long forwarded, long bytes, long lossDrops, long queueDrops, long writeErrors,
        long peakQueue, long policeDrops, long mtuDrops, int unitMedian, int unitP90, long lateNanos, long waitNanos,
        long runs) {
    /** Counters without unit sizes or the host's delays (a link that does not count them). */
    public LinkCounters(long forwarded, long bytes, long lossDrops, long queueDrops, long writeErrors,
                        long peakQueue, long policeDrops, long mtuDrops) {
        this(forwarded, bytes, lossDrops, queueDrops, writeErrors, peakQueue, policeDrops, mtuDrops, 0, 0, 0, 0, 0);
    }

    /** Milliseconds a delivered packet left after its due time, on average (0 before any). */
    public double lateMeanMs() {
        return forwarded == 0 ? 0 : lateNanos / 1e6 / forwarded;
    }

    /** Milliseconds the direction's threads waited for a CPU each time they ran, on average (0: not known). */
    public double waitMeanMs() {
        return runs == 0 ? 0 : waitNanos / 1e6 / runs;
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
        n.put("late_ns", lateNanos);
        n.put("late_mean_ms", lateMeanMs());
        n.put("cpu_wait_ns", waitNanos);
        n.put("cpu_runs", runs);
        n.put("cpu_wait_mean_ms", waitMeanMs());
        return n;
    }

    public static LinkCounters fromJson(JsonNode n) {
        return new LinkCounters(n.path("forwarded").asLong(), n.path("bytes").asLong(), n.path("dropped_loss").asLong(),
                n.path("dropped_queue").asLong(), n.path("write_errors").asLong(), n.path("peak_queue").asLong(),
                n.path("dropped_police").asLong(), n.path("dropped_mtu").asLong(),
                n.path("unit_segments_median").asInt(), n.path("unit_segments_p90").asInt(), n.path("late_ns").asLong(),
                n.path("cpu_wait_ns").asLong(), n.path("cpu_runs").asLong());
    }

    public String describe() {
        return forwarded + " packets forwarded (" + bytes + " bytes), " + lossDrops + " dropped by loss, " + queueDrops
                + " dropped by a full queue" + (writeErrors > 0 ? ", " + writeErrors + " refused" : "")
                + ", peak queue " + peakQueue + (policeDrops > 0 ? ", " + policeDrops + " dropped by the policer" : "")
                + (mtuDrops > 0 ? ", " + mtuDrops + " over the path MTU" : "")
                + (unitP90 > 1 ? "; units of " + unitMedian + " segments at the median, " + unitP90 + " at p90 (each "
                        + "loss drops a whole unit)" : "")
                + (forwarded > 0 && (lateNanos > 0 || runs > 0) ? String.format(Locale.ROOT, "; packets left a "
                        + "mean %.3f ms late, its threads waited a mean %.3f ms for a CPU", lateMeanMs(), waitMeanMs())
                        : "");
    }
}
