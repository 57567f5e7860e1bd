package dev.probe.core.lab;

import dev.probe.core.error.UsageException;

/**
 * What one direction of the userspace link does to each packet, netem's way: drop it with probability
 * {@code loss}; drop it at the tail when {@code limit} packets are already held; otherwise send it at the
 * {@code rateBps} token bucket's pace (0 = no cap) and deliver it {@code delayNanos} later; with probability
 * {@code reorder} hold it back so that the next packet overtakes it; with {@code policeBps} drop what exceeds that
 * rate per flow (a per-flow policer: no queue); with {@code pathMtu} drop what would go over it as one packet (a
 * narrower link on the path), sending ICMP "fragmentation needed" back when {@code icmpPassed}; with {@code ecmpPaths}
 * more than one, spread the flows over that many paths (each new flow the next), path i later by i / (paths - 1) of
 * {@code ecmpSpreadNanos}, each with its own queue.
 *
 * @param burstBytes the token bucket's depth: bytes that may leave back to back after an idle spell
 * @param remarkDscp the DSCP every IP packet leaves with (a router that re-marks), -1 to leave it as it came
 * @param reorder    probability that a packet is overtaken by the next one
 * @param policeBps  each flow's policed rate in bit/s, 0 = none
 * @param pathMtu    the largest IP packet the path carries, 0 = any the ends send
 * @param icmpPassed a packet over {@code pathMtu} with DF set is answered with ICMP "fragmentation needed"
 * @param ecmpPaths  equal-cost paths the flows are spread over (1: one path)
 * @param ecmpSpreadNanos how much later the slowest path delivers than the fastest
 */
public record Impairment(long delayNanos, double loss, long rateBps, long burstBytes, int limit, int remarkDscp,
        double reorder, long policeBps, int pathMtu, boolean icmpPassed, int ecmpPaths,
        long ecmpSpreadNanos) {
    /** Packets keep their DSCP and their order; no flow is policed; the path takes what the ends send. */
    public Impairment(long delayNanos, double loss, long rateBps, long burstBytes, int limit) {
        this(delayNanos, loss, rateBps, burstBytes, limit, -1, 0, 0, 0, true, 1, 0);
    }

    public Impairment {
        if (remarkDscp < -1 || remarkDscp > 63) {
            throw new UsageException("bad impairment: DSCP " + remarkDscp);
        }
        if (delayNanos < 0 || !(loss >= 0 && loss <= 1) || rateBps < 0 || burstBytes < 0 || limit < 1
                || !(reorder >= 0 && reorder <= 1) || policeBps < 0 || pathMtu < 0 || ecmpPaths < 1
                || ecmpSpreadNanos < 0) {
            throw new UsageException("bad impairment: delay " + delayNanos + " ns, loss " + loss + ", rate "
                    + rateBps + ", burst " + burstBytes + ", limit " + limit + ", reorder " + reorder + ", police "
                    + policeBps);
        }
    }

    /** This impairment, re-marking packets with {@code dscp} (-1: not). */
    Impairment remarking(int dscp) {
        return new Impairment(delayNanos, loss, rateBps, burstBytes, limit, dscp, reorder, policeBps, pathMtu,
                icmpPassed, ecmpPaths, ecmpSpreadNanos);
    }

    /** The extra delay of path {@code path} of {@link #ecmpPaths}: the first none, the last the whole spread. */
    long pathDelayNanos(int path) {
        return ecmpPaths < 2 ? 0 : ecmpSpreadNanos * path / (ecmpPaths - 1);
    }

    /** Nanoseconds the token bucket needs to refill {@code bytes}; 0 without a cap. */
    long serializationNanos(int bytes) {
        return rateBps == 0 ? 0 : bytes * 8L * 1_000_000_000L / rateBps;
    }

    /** Nanoseconds of credit the bucket may hold. */
    long burstNanos() {
        return rateBps == 0 ? 0 : burstBytes * 8L * 1_000_000_000L / rateBps;
    }
}
