package dev.probe.core.plan;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.qualify.LagTrace;
import dev.probe.core.qualify.Rules;
import dev.probe.core.qualify.StreamLimit;
import dev.probe.core.qualify.Verdict;
import dev.probe.core.tcp.TcpInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * A relayed hop's verdict (a Far Sync's or cascading standby's destination), from what its relay reported: it passes
 * when the far site received at least {@link Rules#KEEPS_UP} of what the hop must carry with a flat end-to-end
 * lag, or with a flat lag of its own where the end-to-end lag grew from the redo reaching the relay late; otherwise
 * the reasons name the limit that binds: the relayed hop when it could not carry even what reached the relay (its
 * loss against one stream's ceiling, or the path), else the hop before the relay when the redo never reached it fast
 * enough.
 */
final class RelayedVerdict {
    /** A window no socket buffer reaches: the relay's buffers are not reported, so they are not blamed. */
    private static final long UNREPORTED_WINDOW = 1L << 40;

    private RelayedVerdict() {
    }

    static Verdict of(PlanRunner.Config config, PlanResult.HopFigures f) {
        RelayTrace t = f.relayed();
        Route r = f.hop().route();
        String primary = config.plan().primary().name();
        double must = f.hop().carriedBytesPerS();
        double carried = t.carriedBytesPerS();
        Lag lag = lag(config, f, primary);
        boolean flat = lag.flat();
        LagTrace trace = t.lag();
        boolean keeps = flat ? Rules.keepsUp(carried, must, trace.growth()) : Rules.keepsUp(carried, must);
        String lagLine = lag.line();
        String carriedLine = Rules.carriedLine(carried, must) + fmt(", forwarded by %s's relay as it received the redo "
                + "from %s", r.from(), primary) + (flat ? Rules.heldNote(carried, must, trace.growth(), trace.lastLag())
                        : "");
        List<String> reasons = new ArrayList<>(keeps && !flat ? List.of(lagLine, carriedLine)
                : List.of(carriedLine, lagLine));
        double loss = t.retransmitRatio();
        if (t.tcp() != null) {
            reasons.add(fmt("round trip of %s's socket to %s: %.3f ms lowest, %.3f ms smoothed (the median over the "
                    + "run; %.3f ms at the end); %.3f %% of segments retransmitted", r.from(), r.to(), t.minRttMs(), t
                            .medianRttMs(), t.rttMs(), 100 * loss));
        }
        double arrived = t.arrivedBps();
        // the far hop binds when it did not even carry what reached the relay, never when its own lag stayed flat (a
        // CI run: 4.1 MB/s reached fs1 on average, late in stretches, and sb1's flat lag was read as "the path's
        // rate"); the hop before the relay is named only when it binds instead (sb1 taking 3 MB/s is sb1's link)
        boolean farBinds = !lag.upstream() && !Rules.keepsUp(carried, Math.min(must, arrived));
        // redo that reached the relay at its rate on average, late in stretches, is the hop before the relay's
        // stalls, which that hop's own verdict judges (run 60: a SYNC hop that carried 6.1 MB/s for a 0.4 MB/s thread,
        // PASS on its commit time, and the far hop FAILed for it); on one host, the host's CPU
        boolean late = lag.upstream() && Rules.keepsUp(arrived, must);
        boolean here = lag.upstream() && PlanVerdicts.oneHost(config, primary, r.from()) && PlanVerdicts.oneHost(
                config, r.from(), r.to());
        if (!farBinds) {
            upstream(reasons, r, primary, late, carried, must, arrived);
        }
        if (here) {
            reasons.add(fmt("the redo reached %s late on connections that never left this host: the host fell behind, "
                    + "not a link; qualify across the link to judge it", r.from()));
        }
        if (!(keeps && flat) && t.tcp() != null && farBinds) {
            reasons.add(why(t, carried, must, loss));
        }
        return new Verdict(PlanVerdicts.name(r), Rules.relayed(carried, must, flat, trace.growth(), late || here),
                reasons);
    }

    /**
     * What the reasons say of the hop before the relay where the far hop did not bind ({@code late}: the redo reached
     * the relay at its rate on average, late in stretches).
     */
    private static void upstream(List<String> reasons, Route r, String primary, boolean late, double carried,
                                 double must, double arrived) {
        if (!Rules.keepsUp(arrived, must)) {
            reasons.add(fmt("the redo reached %s at %.1f MB/s only: the hop %s -> %s holds it back", r.from(),
                    arrived / 1e6, primary, r.from()));
        } else if (late && !Rules.keepsUp(carried, must)) {
            reasons.add(fmt("the redo reached %s at %.1f MB/s on average but late in stretches: the relay forwards no "
                    + "faster than the redo, so what the hop %s -> %s delivered late is made up only at its surplus; "
                    + "that hop's own verdict judges its stalls, %s took all it was sent", r.from(), arrived / 1e6,
                    primary, r.from(), r.to()));
        }
    }

    /** The end-to-end lag's judgement: flat (or grown only upstream of the relay) and the line that says so. */
    private record Lag(boolean flat, boolean upstream, String line) {
    }

    private static Lag lag(PlanRunner.Config config, PlanResult.HopFigures f, String primary) {
        RelayTrace t = f.relayed();
        Route r = f.hop().route();
        LagTrace lag = t.lag();
        // the lag is read in whole messages: a far site within one message of the redo at the end is not falling
        // behind, whatever slope a few quantised points draw (a loaded CI run read +0.012 s/s ending at 0.00 s)
        double message = f.hop().carriedBytesPerS() > 0 ? config.writeSize() / f.hop().carriedBytesPerS() : 0;
        boolean sloped = lag.growth() > LagTrace.FLAT_GROWTH && lag.lastLag() > message;
        // an end-to-end lag that sloped up while the far hop kept up with what the relay forwarded is the redo
        // reaching the relay late: a CI run's primary stalled 0.26 s on fs1's slowed write at the end (p99.9 257 ms),
        // and the end-to-end lag read +0.017 s/s with sb1 0.00 s behind what fs1 sent it
        boolean upstream = sloped && t.hopLagFlat();
        boolean endToEnd = !upstream && (lag.flat() || lag.lastLag() <= message);
        String through = fmt("end-to-end transport lag from %s's send to %s's receipt, through %s", primary, r.to(),
                r.from());
        if (upstream) {
            return new Lag(true, true, fmt(
                    "%s: grows %.3f s per second (%.2f s at the end), from the redo reaching %s late "
                            + "(the hop %s -> %s, or %s's host): %s's own lag behind what %s forwarded is flat (%.2f s at the "
                            + "end, slope %+.4f s/s)", through, lag.growth(), lag.lastLag(), r.from(), primary, r
                                    .from(),
                    r.from(), r.to(), r.from(), t.hopLagLast(), t.hopLagGrowth()));
        }
        return new Lag(endToEnd, false, endToEnd
                ? fmt("%s: flat (%.2f s at the end, slope %+.4f s/s%s)", through, lag.lastLag(), lag.growth(),
                        lag.flat() ? LagTrace.stallNote(true, lag.growth())
                                : fmt("; within one %.3f s message of the redo at the end", message))
                : fmt("%s: grows %.3f s per second (%.2f s at the end)", through, lag.growth(), lag.lastLag()));
    }

    /**
     * A hop relayed from a RAC primary: each node's thread judged as a relayed hop of its instance's share; PASS when
     * every thread passes, INCOMPLETE when one was not measured, else the worst; the first reason is the sum.
     */
    static Verdict ofThreads(PlanRunner.Config config, PlanResult.HopFigures f) {
        Route r = f.hop().route();
        List<Verdict> each = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < f.threads().size(); i++) {
            PlanResult.HopFigures t = f.threads().get(i);
            Verdict v = t.relayed().measured() ? of(config, t) : new Verdict(PlanVerdicts.name(r),
                    Verdict.Status.INCOMPLETE, List.of("not measured: the relay reported nothing for it"));
            each.add(v);
            for (String reason : v.reasons()) {
                lines.add(fmt("node %d's thread: %s", i + 1, reason));
            }
        }
        double must = f.hop().carriedBytesPerS();
        List<String> reasons = new ArrayList<>();
        reasons.add(Rules.carriedLine(f.threadsCarriedBytesPerS(), must) + fmt(": %d RAC nodes' threads, each "
                + "forwarded by %s's relay as it received it and judged on its instance's share", f.threads().size(),
                r.from()));
        reasons.addAll(lines);
        return new Verdict(PlanVerdicts.name(r), Verdict.worst(each), reasons); // INCOMPLETE is the worst
    }

    private static String why(RelayTrace t, double carried, double must, double loss) {
        TcpInfo tcp = t.tcp();
        double rtt = t.medianRttMs();
        StreamLimit limit = StreamLimit.of(carried * 8, rtt, loss, tcp.sndMss() > 0 ? tcp.sndMss()
                : Rules.DEFAULT_MSS,
                UNREPORTED_WINDOW);
        if (limit.limit() == StreamLimit.Limit.LOSS && limit.ceilingBps() / 8 < must) {
            return fmt("one stream at %.1f ms with %.3f %% of its segments retransmitted carries about %.1f MB/s "
                    + "(probe's path model, the paper's streams): the loss holds this hop below its redo; compress the "
                    + "redo on this hop (the destination's COMPRESSION), or have the network team find the loss",
                    rtt, 100 * loss, limit.ceilingBps() / 8e6);
        }
        String lossLine = Double.isFinite(limit.ceilingBps()) ? fmt("not the loss alone (%.3f %% retransmitted: one "
                + "stream could carry about %.1f MB/s by the path model)", 100 * loss, limit.ceilingBps() / 8e6)
                : fmt("not the loss (%.3f %% retransmitted)", 100 * loss);
        return fmt(
                "%s: the path's rate or a queue held it (%.1f ms smoothed against %.1f ms lowest); QoS for the redo, "
                        + "or a faster link", lossLine, rtt, t.minRttMs());
    }
}
