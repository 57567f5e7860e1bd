package dev.probe.core.lab;

import dev.probe.core.params.Direction;
import dev.probe.core.protocol.BadParameterException;
import java.util.Locale;

/**
 * The impaired link as the user describes it: round-trip delay (half each way), loss in the data direction
 * ({@code lossBoth}: both), an optional rate cap, the queue limit (netem's: rate / MTU x max delay x 1.5 unless
 * given) and the MTU of both ends.
 *
 * @param direction backup (data towards the server side) or restore (towards the client side)
 * @param rateBps   cap per direction in bit/s, 0 = none (the queue limit then assumes 10 Gbit/s, as the paper)
 * @param limit     packets each direction may hold, 0 = netem's formula
 * @param unitSegments segments per unit of loss, delay and queueing: 1 = every MTU-sized packet; more = the
 *                     sender's TSO/GSO aggregates of up to that many segments pass whole, as netem on a Linux
 *                     router sees the GRO aggregates of a few segments it is handed
 * @param reorderPct   per cent of units in the data direction that the next one overtakes (0 = in order)
 * @param policeBps    each flow's rate in the data direction above which a policer drops (0 = none)
 * @param pathMtu      the largest IP packet the path carries, both ways, below the ends' MTU (0 = the ends' MTU)
 * @param icmpBlocked  a packet over {@code pathMtu} vanishes without ICMP "fragmentation needed" (a black hole)
 * @param ecmpPaths    equal-cost paths the data direction spreads its flows over, each new flow the next (1: one)
 * @param ecmpSpreadMs how much longer the slowest of them is than the fastest, one way
 */
public record LinkSpec(double rttMs, double lossPct, boolean lossBoth, Direction direction, long rateBps, int mtu,
        int limit, double maxDelayMs, int unitSegments, double reorderPct, long policeBps, int pathMtu,
        boolean icmpBlocked, int ecmpPaths, double ecmpSpreadMs) {

    /** The most equal-cost paths a lab link spreads flows over (routers commonly use 2 to 16; 8 shows it). */
    public static final int MAX_ECMP_PATHS = 8;
    /** The smallest path MTU an IPv4 path may have (RFC 791's 576 bytes every host must take). */
    public static final int MIN_PATH_MTU = 576;
    /** The most segments a unit may have (the kernel's GSO limit, 64 KiB at MTU 1500 is 44). */
    public static final int MAX_UNIT_SEGMENTS = 64;
    /** The paper's link rate, which sizes the queue when no cap is given. */
    public static final long PAPER_RATE = 10_000_000_000L;
    /** Largest queue a direction may hold, in packets (netem's own default limit is 1000). */
    public static final int MAX_LIMIT = 1 << 20;

    public LinkSpec {
        checkCell(rttMs, lossPct, direction);
        if (rateBps < 0 || rateBps > 100_000_000_000L) {
            throw new BadParameterException("rate", rateBps + " bit/s is out of range [0 (no cap), 100gbit]");
        }
        if (mtu != 1500 && mtu != 9000) {
            throw new BadParameterException("mtu", mtu + " is not supported (1500 or 9000)");
        }
        if (limit < 0 || limit > MAX_LIMIT) {
            throw new BadParameterException("limit", limit + " packets is out of range [1, " + MAX_LIMIT + "]");
        }
        if (unitSegments < 1 || unitSegments > MAX_UNIT_SEGMENTS) {
            throw new BadParameterException("unit-segments", unitSegments + " is out of range [1, " + MAX_UNIT_SEGMENTS
                    + "]");
        }
        if (policeBps < 0 || policeBps > 100_000_000_000L) {
            throw new BadParameterException("police", policeBps + " bit/s is out of range [0 (none), 100gbit]");
        }
        if (!(reorderPct >= 0 && reorderPct <= 50)) {
            throw new BadParameterException("reorder-pct", reorderPct + " is out of range [0, 50]");
        }
        if (pathMtu != 0 && (pathMtu < MIN_PATH_MTU || pathMtu >= mtu)) {
            throw new BadParameterException("path-mtu", pathMtu + " is out of range [" + MIN_PATH_MTU + ", " + (mtu - 1)
                    + "]: below the ends' MTU of " + mtu);
        }
        if (ecmpPaths < 1 || ecmpPaths > MAX_ECMP_PATHS) {
            throw new BadParameterException("ecmp-paths", ecmpPaths + " is out of range [1, " + MAX_ECMP_PATHS + "]");
        }
        if (!(ecmpSpreadMs >= 0 && ecmpSpreadMs <= 1000) || (ecmpSpreadMs > 0 && ecmpPaths < 2)) {
            throw new BadParameterException("ecmp-spread-ms", ecmpSpreadMs + (ecmpPaths < 2 ? " needs --ecmp-paths 2 "
                    + "or more" : " is out of range [0, 1000]"));
        }
        if (icmpBlocked && pathMtu == 0) {
            throw new BadParameterException("icmp", "drop needs a --path-mtu below the ends' MTU to drop it for");
        }
        if (!(maxDelayMs > 0 && maxDelayMs <= 10_000)) {
            throw new BadParameterException("max-delay-ms", maxDelayMs + " is out of range (0, 10000]");
        }
    }

    /** The checks a cell's values share with {@link NetemPlan}: RTT 0-10 s, loss 0-100 %, a direction. */
    static void checkCell(double rttMs, double lossPct, Direction direction) {
        if (!(rttMs >= 0 && rttMs <= 10_000)) {
            throw new BadParameterException("rtt-ms", rttMs + " is out of range [0, 10000]");
        }
        if (!(lossPct >= 0 && lossPct <= 100)) {
            throw new BadParameterException("loss-pct", lossPct + " is out of range [0, 100]");
        }
        if (direction == null) {
            throw new BadParameterException("direction", "is missing");
        }
    }

    /** The paper's cell: RTT and loss, MTU 1500, no cap, loss in the data direction only. */
    public static LinkSpec of(double rttMs, double lossPct, Direction direction) {
        return builder().rttMs(rttMs).lossPct(lossPct).direction(direction).build();
    }

    /** A link from the paper's cell (no delay, no loss, backup, MTU 1500, no cap, netem's queue); set the rest by name. */
    public static Builder builder() {
        return new Builder();
    }

    /** This link's values, to change some by name. */
    public Builder toBuilder() {
        return builder().rttMs(rttMs).lossPct(lossPct).lossBoth(lossBoth).direction(direction).rateBps(rateBps).mtu(mtu)
                .limit(limit).maxDelayMs(maxDelayMs).unitSegments(unitSegments).reorderPct(reorderPct).policeBps(
                        policeBps)
                .pathMtu(pathMtu).icmpBlocked(icmpBlocked).ecmp(ecmpPaths, ecmpSpreadMs);
    }

    public LinkSpec withCell(double newRttMs, double newLossPct, Direction newDirection) {
        return toBuilder().rttMs(newRttMs).lossPct(newLossPct).direction(newDirection).build();
    }

    /** True when units are GSO aggregates (the TUN devices then take offloads). */
    public boolean aggregates() {
        return unitSegments > 1;
    }

    /** Packets a direction may hold: the given limit, else rate / MTU x max delay x 1.5 (netem-plan's formula). */
    public int limitPackets() {
        if (limit > 0) {
            return limit;
        }
        long rate = rateBps > 0 ? rateBps : PAPER_RATE;
        long packets = Math.round(rate / (mtu * 8.0) * (maxDelayMs / 1000) * 1.5);
        return (int) Math.max(64, Math.min(MAX_LIMIT, packets));
    }

    /** The impairment of packets going towards the server ({@code true}) or the client. */
    public Impairment toward(boolean server) {
        boolean dataDirection = server == (direction == Direction.BACKUP);
        double loss = lossBoth || dataDirection ? lossPct / 100 : 0;
        long halfRtt = Math.round(rttMs * 1_000_000 / 2);
        return new Impairment(halfRtt, loss, rateBps, 4L * mtu, limitPackets(), -1,
                dataDirection ? reorderPct / 100 : 0, dataDirection ? policeBps : 0, pathMtu, !icmpBlocked,
                dataDirection ? ecmpPaths : 1, dataDirection ? Math.round(ecmpSpreadMs * 1_000_000) : 0);
    }

    public String describe() {
        return String.format(Locale.ROOT, "RTT %s ms, loss %s %% %s, %s, MTU %d, queue %d %s%s%s%s%s",
                trim(rttMs), trim(lossPct), lossBoth ? "both ways" : "towards the " + (direction == Direction.BACKUP
                        ? "server (backup)" : "client (restore)"),
                rateBps == 0 ? "no rate cap" : "capped at " + trim(rateBps / 1e6) + " Mbit/s", mtu, limitPackets(),
                unitSegments == 1 ? "packets" : "units of up to " + unitSegments + " segments",
                reorderPct == 0 ? "" : ", " + trim(reorderPct) + " % overtaken by the next one",
                policeBps == 0 ? "" : ", each flow policed at " + trim(policeBps / 1e6) + " Mbit/s",
                pathMtu == 0 ? "" : ", path MTU " + pathMtu + (icmpBlocked ? " with ICMP 'fragmentation needed' dropped"
                        : " with ICMP 'fragmentation needed' sent back"),
                ecmpPaths < 2 ? "" : ", " + ecmpPaths + " equal-cost paths for the data, each new flow the next, the "
                        + "slowest " + trim(ecmpSpreadMs) + " ms longer one way");
    }

    /**
     * What a path does for a packet over its MTU, as {@code --icmp} and {@code icmp=} spell it: {@code pass} sends
     * ICMP "fragmentation needed" back (false: not blocked), {@code drop} sends nothing (true: a black hole).
     */
    public static boolean icmpBlocked(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "pass" -> false;
            case "drop" -> true;
            default -> throw new BadParameterException("icmp", "'" + word + "' is not pass or drop");
        };
    }

    /** A number with at most three decimals and no trailing zeros, as tc spells it: 0.1, 20, 2.5. */
    public static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /** A link's values by name; {@link #build} checks the whole. */
    public static final class Builder {
        private double rttMs;
        private double lossPct;
        private boolean lossBoth;
        private Direction direction = Direction.BACKUP;
        private long rateBps;
        private int mtu = 1500;
        private int limit;
        private double maxDelayMs = 150;
        private int unitSegments = 1;
        private double reorderPct;
        private long policeBps;
        private int pathMtu;
        private boolean icmpBlocked;
        private int ecmpPaths = 1;
        private double ecmpSpreadMs;

        private Builder() {
        }

        /** Spread the data direction's flows over {@code paths} equal-cost paths, the slowest {@code spreadMs} longer. */
        public Builder ecmp(int paths, double spreadMs) {
            this.ecmpPaths = paths;
            this.ecmpSpreadMs = spreadMs;
            return this;
        }

        /** The largest IP packet the path carries, below the ends' MTU; 0 = the ends' MTU. */
        public Builder pathMtu(int bytes) {
            this.pathMtu = bytes;
            return this;
        }

        /** Drop a packet over the path MTU without ICMP "fragmentation needed" (a black hole). */
        public Builder icmpBlocked(boolean blocked) {
            this.icmpBlocked = blocked;
            return this;
        }

        /** Each flow's policed rate in bit/s in the data direction; 0 = none. */
        public Builder policeBps(long bps) {
            this.policeBps = bps;
            return this;
        }

        /** Per cent of units in the data direction that the next one overtakes. */
        public Builder reorderPct(double pct) {
            this.reorderPct = pct;
            return this;
        }

        /** Round-trip delay, half each way. */
        public Builder rttMs(double ms) {
            this.rttMs = ms;
            return this;
        }

        /** Loss in the data direction (both with {@link #lossBoth}), per cent. */
        public Builder lossPct(double pct) {
            this.lossPct = pct;
            return this;
        }

        public Builder lossBoth(boolean both) {
            this.lossBoth = both;
            return this;
        }

        /** Which way the data flows: backup towards the server side, restore towards the client side. */
        public Builder direction(Direction towards) {
            this.direction = towards;
            return this;
        }

        /** A cap per direction in bit/s; 0 = none. */
        public Builder rateBps(long bps) {
            this.rateBps = bps;
            return this;
        }

        public Builder mtu(int bytes) {
            this.mtu = bytes;
            return this;
        }

        /** Packets each direction may hold; 0 = netem's formula. */
        public Builder limit(int packets) {
            this.limit = packets;
            return this;
        }

        /** The longest delay the queue formula allows for. */
        public Builder maxDelayMs(double ms) {
            this.maxDelayMs = ms;
            return this;
        }

        /** Segments per unit of loss, delay and queueing (1 = every packet). */
        public Builder unitSegments(int segments) {
            this.unitSegments = segments;
            return this;
        }

        /** The checked record: a {@link BadParameterException} names the value out of range. */
        public LinkSpec build() {
            return new LinkSpec(rttMs, lossPct, lossBoth, direction, rateBps, mtu, limit, maxDelayMs, unitSegments,
                    reorderPct, policeBps, pathMtu, icmpBlocked, ecmpPaths, ecmpSpreadMs);
        }
    }
}
