package dev.probe.cli.lab;

import dev.probe.cli.common.Converters;
import dev.probe.core.lab.LinkSpec;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.units.Rates;
import picocli.CommandLine.Option;

/** The userspace link's impairment options, shared by {@code lab up} and {@code sweep}. */
final class LinkOptions {
    @Option(names = "--loss-both", description = "Drop packets in both directions, not only the data direction.")
    boolean lossBoth;

    @Option(names = "--rate", paramLabel = "RATE",
            description = "Cap each direction by token bucket, tc's spelling (e.g. 1gbit, 500mbit); default: no cap.")
    String rate;

    @Option(names = "--mtu", defaultValue = "1500",
            description = "MTU of both ends: 1500 or 9000 (default: ${DEFAULT-VALUE}).")
    int mtu;

    @Option(names = "--limit", defaultValue = "0", paramLabel = "PACKETS",
            description = "Queue limit per direction; default: rate (or 10gbit) / MTU x max delay x 1.5, as netem-plan.")
    int limit;

    @Option(names = "--max-delay-ms", converter = Converters.Millis.class, defaultValue = "150",
            description = "Largest delay the default queue limit must hold (default: ${DEFAULT-VALUE}).")
    double maxDelayMs;

    @Option(names = "--unit-segments", paramLabel = "N",
            description = {"Segments per unit of loss, delay and queueing (default: 3, calibrated on the paper, so lab "
                    + "up, sweep and report predict give one answer): N > 1 passes the sender's TSO/GSO aggregates of up "
                    + "to N segments whole, as netem on a forwarding box with GRO sees them; 1 = every packet lost on its "
                    + "own (netem on a host without offloads; see docs/guides/lab-and-paper.md)."})
    Integer unitSegments;

    @Option(names = "--loss-unit", paramLabel = "aggregate|segment|N",
            description = {"What one loss draw drops (and the delay and queue count): aggregate = the sender's whole "
                    + "TSO/GSO aggregate, sized by its kernel (up to 64 KiB), as netem on a Linux router with GRO sees "
                    + "it; segment = every packet on its own, as netem on an end host without offloads; N = aggregates "
                    + "of at most N segments. Default: 3, as --unit-segments (see docs/guides/lab-and-paper.md)."})
    String lossUnit;

    @Option(names = "--reorder-pct", defaultValue = "0", paramLabel = "PCT",
            description = "Per cent of packets in the data direction that the next one overtakes (a path that "
                    + "reorders, as ECMP links of unequal length do), 0-50 (default: ${DEFAULT-VALUE}).")
    double reorderPct;

    @Option(names = "--police", paramLabel = "RATE",
            description = "Police each flow (5-tuple) in the data direction at RATE, tc's spelling (e.g. 50mbit): "
                    + "what exceeds it is dropped, never queued, as a provider's or firewall's per-flow cap (a bucket of 250 ms at "
                    + "RATE, 64 KiB at least); default: none.")
    String police;

    @Option(names = "--path-mtu", defaultValue = "0", paramLabel = "BYTES",
            description = "The largest IP packet the path carries, both ways, below the ends' --mtu (a 1500-byte hop "
                    + "between jumbo-frame hosts, a tunnel): larger packets with DF set are dropped; default: the ends' MTU.")
    int pathMtu;

    @Option(names = "--icmp", defaultValue = "pass", paramLabel = "pass|drop",
            description = "What the path does for a packet over --path-mtu: pass sends back ICMP 'fragmentation "
                    + "needed' as a router does; drop sends nothing, as a firewall that blocks it (an MTU black hole) "
                    + "(default: ${DEFAULT-VALUE}).")
    String icmp;

    @Option(names = "--ecmp-paths", defaultValue = "1", paramLabel = "N",
            description = "Spread the data direction's flows over N equal-cost paths (each new flow the next, every "
                    + "packet of a flow on its path, each path its own queue), 1-8 (default: ${DEFAULT-VALUE}).")
    int ecmpPaths;

    @Option(names = "--ecmp-spread-ms", defaultValue = "0", paramLabel = "MS",
            description = "How much longer the slowest of the --ecmp-paths is than the fastest, one way; the others "
                    + "in between (ECMP paths of unequal length) (default: ${DEFAULT-VALUE}).")
    double ecmpSpreadMs;

    /**
     * Segments per unit of loss for the userspace link, for `lab up` and `sweep` alike: calibrated on this
     * project's lab against the paper's Internet tables (per-packet loss comes out near 0.6x of them, whole TSO
     * aggregates at 1-8x); netem on a forwarding box with GRO sees aggregates of a few segments.
     */
    static final int PAPER_UNIT_SEGMENTS = 3;

    long rateBps() {
        return bitRate("rate", rate);
    }

    private static long bitRate(String flag, String value) {
        try {
            return value == null ? 0 : Rates.parseBitRate(value);
        } catch (IllegalArgumentException e) {
            throw new BadParameterException(flag, e.getMessage());
        }
    }

    /** Segments per unit: --loss-unit's, or --unit-segments', else {@link #PAPER_UNIT_SEGMENTS}. */
    int unit() {
        if (lossUnit != null && unitSegments != null) {
            throw new BadParameterException("loss-unit", "give --loss-unit or --unit-segments, not both");
        }
        if (lossUnit == null) {
            return unitSegments != null ? unitSegments : PAPER_UNIT_SEGMENTS;
        }
        return switch (lossUnit) {
            case "aggregate" -> LinkSpec.MAX_UNIT_SEGMENTS;
            case "segment" -> 1;
            default -> {
                int n = lossUnit.matches("\\d{1,3}") ? Integer.parseInt(lossUnit) : 0;
                if (n < 1 || n > LinkSpec.MAX_UNIT_SEGMENTS) {
                    throw new BadParameterException("loss-unit", "'" + lossUnit + "' is not aggregate, segment or a "
                            + "number of segments from 1 to " + LinkSpec.MAX_UNIT_SEGMENTS);
                }
                yield n;
            }
        };
    }

    /** The link, with {@link #PAPER_UNIT_SEGMENTS} segments per unit unless --loss-unit or --unit-segments said. */
    LinkSpec spec(double rttMs, double lossPct, Direction direction) {
        return LinkSpec.builder().rttMs(rttMs).lossPct(lossPct).lossBoth(lossBoth).direction(direction)
                .rateBps(rateBps()).mtu(mtu).limit(limit).maxDelayMs(maxDelayMs)
                .unitSegments(unit()).reorderPct(reorderPct).policeBps(bitRate("police", police))
                .pathMtu(pathMtu).icmpBlocked(LinkSpec.icmpBlocked(icmp)).ecmp(ecmpPaths, ecmpSpreadMs).build();
    }
}
