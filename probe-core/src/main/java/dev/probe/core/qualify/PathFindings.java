package dev.probe.core.qualify;

import dev.probe.core.result.ConnectionPath;
import dev.probe.core.result.TcpStats;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What a forward ASYNC verdict adds about the path beyond its rate (issue 42): reordering TCP saw, the standby's
 * receive caps where the receive window held the stream back, a per-flow policer told from a shaper and from
 * random loss, and connections that left by different source ports over paths of different length (ECMP). A policer drops above a fixed rate whatever the RTT: one stream levels off with loss but no queueing
 * delay, more streams add up, and redo paced below the rate loses nothing; a shaper queues instead (the RTT rises,
 * streams share one rate), and random loss meets the paced redo too.
 */
final class PathFindings {
    /**
     * The unpaced stream's loss must exceed the paced redo's this many times: loss that rises with the rate. Random
     * loss meets both alike (about 1 x on thousands of segments); a paced sender on a busy host still sends the odd
     * burst over a policer's bucket, so the paced redo need not lose nothing (a fresh-clone CI run on a loaded machine
     * once missed a 50 Mbit/s lab policer at 10 x).
     */
    static final double RISES = 4;
    /** Segments the paced redo must have sent for its loss to say anything. */
    static final long PACED_SEGMENTS = 1000;

    private PathFindings() {
    }

    /**
     * {@code async} with what {@code tcp} (the one tuned stream's TCP_INFO) and {@code m} show about the path to
     * {@code standby} (reordering is not named where that is this host itself); {@code reverse}: the server sent.
     */
    static Verdict add(Verdict async, Measured m, TcpStats tcp, Boolean queued, HostTable hosts, String standby,
                       boolean reverse) {
        if (tcp == null) {
            return async;
        }
        Verdict v = async;
        for (String finding : new String[] {tcp.reorderingWarning(standby),
                hosts == null ? null : hosts.receiverShort(tcp.limited()),
                policed(m.tunedBps(), m.capacityBps(), fastest(m.capacityBps(), capacityPaths(m)), tcp,
                        pathQueued(queued, m.tunedBps(), m.defaultBps(),
                                StreamLimit.steady(m, StepPlan.Kind.DEFAULT_BUFFERS, reverse)), pacedRedo(m)),
                siblings(capacityPaths(m))}) {
            if (finding != null) {
                v = v.with(finding);
            }
        }
        return v;
    }

    /** The four-stream step's connections as each saw its path (empty when not measured). */
    static List<ConnectionPath> capacityPaths(Measured m) {
        return m.steps().stream().filter(s -> s.step().kind() == StepPlan.Kind.CAPACITY)
                .map(s -> s.result().summary().connections()).findFirst().orElse(List.of());
    }

    /**
     * Connections of one run that left by different source ports and saw different paths (ECMP members of unequal
     * length, or one that reorders): their lowest RTTs differ by more than {@link #SIBLING_RTT} (and a millisecond),
     * or one reordered while another never did; null otherwise.
     */
    static String siblings(List<ConnectionPath> paths) {
        if (paths.size() < 2) {
            return null;
        }
        ConnectionPath fast = paths.stream().min(Comparator.comparingDouble(ConnectionPath::minRttMs)).orElseThrow();
        ConnectionPath slow = paths.stream().max(Comparator.comparingDouble(ConnectionPath::minRttMs)).orElseThrow();
        String ports = " (" + paths.size() + " connections: " + paths.stream().map(p -> String.format(Locale.ROOT,
                "%d %.1f ms", p.localPort(), p.minRttMs())).collect(Collectors.joining(", ")) + ")";
        if (fast.minRttMs() > 0 && slow.minRttMs() - fast.minRttMs() > Math.max(1, SIBLING_RTT * fast.minRttMs())) {
            return String.format(Locale.ROOT, "connections that leave by different source ports take paths of "
                    + "different length: lowest RTT %.1f ms from port %d, %.1f ms from port %d%s, as routers that "
                    + "spread flows over equal-cost paths (ECMP) of unequal length, a bond or a load balancer do; the "
                    + "redo's one connection takes whichever its port hashes to, so its round trip (and a SYNC commit) "
                    + "changes from one connection to the next: have the network team compare the members or pin the "
                    + "Data Guard flows to one", fast.minRttMs(), fast.localPort(), slow.minRttMs(), slow.localPort(),
                    ports);
        }
        ConnectionPath reorders = paths.stream().max(Comparator.comparingLong(ConnectionPath::reorderEvents))
                .orElseThrow();
        if (reorders.reorderEvents() >= SIBLING_REORDERS && paths.stream().anyMatch(p -> p.reorderEvents() == 0)) {
            return String.format(Locale.ROOT, "the path from source port %d reorders (%d events) while a sibling "
                    + "connection's does not%s: one of the equal-cost paths (ECMP), a bond member or a load balancer "
                    + "leg reorders; the redo's connection meets it when its port hashes there", reorders.localPort(),
                    reorders.reorderEvents(), ports);
        }
        return null;
    }

    /** How much longer (as a share of the shortest) one connection's lowest RTT must be to name another path. */
    static final double SIBLING_RTT = 0.2;
    /** Reorderings on one connection, none on another, that name a path that reorders. */
    static final long SIBLING_REORDERS = 10;

    /**
     * Whether the path queued as the tuned stream filled it ({@code tuned}: its steady round trip rose), checked
     * against the default-buffer stream: a queue on the path shows in every stream that fills it, so where the
     * default-buffer stream ({@code plain}, its steady TCP_INFO) carried as much (within {@link #SAME_RATE}) with a
     * round trip that held, the tuned stream's rise was this host's delay, not a queue (run 67: a policed 10 ms lab link, both streams at 47 Mbit/s, the tuned
     * one's round trip 31.6 ms at the end beside two other labs, the default one's 10.3; the policer went unnamed).
     */
    static Boolean pathQueued(Boolean tuned, double tunedBps, double defaultBps, TcpStats plain) {
        boolean sameRate = defaultBps >= SAME_RATE * tunedBps;
        return Boolean.TRUE.equals(tuned) && sameRate && Boolean.FALSE.equals(StreamLimit.queued(plain))
                ? Boolean.FALSE : tuned;
    }

    /** The share of the tuned stream's rate the default-buffer stream must carry for {@link #pathQueued}'s check. */
    static final double SAME_RATE = 0.9;

    /** The peak-rate redo step's TCP_INFO (idle, not under load), or null. */
    static TcpStats pacedRedo(Measured m) {
        return m.steps().stream().filter(s -> s.step().kind() == StepPlan.Kind.REDO_RATE && !s.step().loaded())
                .map(s -> s.result().summary().tcp()).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /**
     * The fastest of the four streams ({@code paths}) at the four's rate {@code fourBps}, by its share of the bytes they
     * delivered; 0 when their connections were not read.
     */
    static double fastest(double fourBps, List<ConnectionPath> paths) {
        long sum = paths.stream().mapToLong(ConnectionPath::bytesAcked).sum();
        long most = paths.stream().mapToLong(ConnectionPath::bytesAcked).max().orElse(0);
        return sum > 0 ? fourBps * most / sum : 0;
    }

    /**
     * "each flow is policed near ..." when one stream ({@code oneBps}, {@code one}) lost segments without queueing,
     * four streams ({@code fourBps}, the fastest at {@code fastestBps}) added up, and the paced redo ({@code paced})
     * lost at most 1 / {@link #RISES} as much; null otherwise. The rate named is the faster of the one stream and the
     * four's fastest: a policer holds every flow under its rate, so each is a floor of it, and a host that starved the
     * one stream (the CI of 2abdf254: 21 Mbit/s through a 50 Mbit/s lab policer) does not lower it.
     */
    static String policed(double oneBps, double fourBps, double fastestBps, TcpStats one, Boolean queued,
                          TcpStats paced) {
        if (one == null || paced == null || !(one.retransmitRatio() > 0) || !Boolean.FALSE.equals(queued)
                || !(fourBps >= StreamLimit.ADD_UP * oneBps) || paced.segmentsSent() < PACED_SEGMENTS
                || !(paced.retransmitRatio() * RISES <= one.retransmitRatio())) {
            return null;
        }
        return String.format(Locale.ROOT, "each flow is policed near %.0f Mbit/s: one stream levels off at %.0f "
                + "Mbit/s losing %.3f %% of its segments with no queueing delay (RTT %.1f ms, lowest %.1f), four streams "
                + "add up to %.0f Mbit/s (%.1f x%s), and the redo paced below it lost %.3f %%: a per-flow "
                + "policer (a provider's or firewall's cap on one flow, support note 2064368.1), not the link's rate (a "
                + "shaper queues: the RTT rises) nor random loss (the paced redo would meet it too); have the cap lifted "
                + "for the standby's address or class of service, or compress the redo to fit one flow under it",
                Math.max(oneBps, fastestBps) / 1e6, oneBps / 1e6, 100 * one.retransmitRatio(), one.rttMs(),
                one.minRttMs(), fourBps / 1e6, fourBps / oneBps, fastestBps > 0 ? String.format(Locale.ROOT,
                        ", the fastest %.0f", fastestBps / 1e6) : "", 100 * paced.retransmitRatio());
    }
}
