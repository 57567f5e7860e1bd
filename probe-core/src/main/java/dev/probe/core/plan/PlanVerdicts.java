package dev.probe.core.plan;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.qualify.LagTrace;
import dev.probe.core.qualify.Measured;
import dev.probe.core.qualify.Rules;
import dev.probe.core.qualify.Sizing;
import dev.probe.core.qualify.StreamLimit;
import dev.probe.core.qualify.SyncReach;
import dev.probe.core.qualify.Verdict;
import dev.probe.core.qualify.Verdicts;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import dev.probe.core.units.Durations;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The verdicts of a plan's run: one per hop (ASYNC: it carried what it must with a flat lag; SYNC: its commit time
 * against the budget, and whether it carried the peak at all) and one for the configuration (the commit's wait for
 * its SYNC destinations, the primary's uplink, every hop).
 */
final class PlanVerdicts {
    private static final Path PROC_SYS = Path.of("/proc/sys");

    /** A verdict's one reason when its hop brought nothing back and said nothing (a stop makes it say why). */
    static final String NOT_MEASURED = "not measured";

    private PlanVerdicts() {
    }

    static String name(Route r) {
        return r.mode().label() + " " + r.from() + " -> " + r.to();
    }

    /** One hop's verdict from its figures. */
    static Verdict hop(PlanRunner.Config config, PlanResult.HopFigures f) {
        TestResult redo = f.redo();
        if (!f.threads().isEmpty()) {
            return withFailure(RelayedVerdict.ofThreads(config, f), f);
        }
        if (f.rac() != null) {
            return RacHopVerdict.of(config, f);
        }
        if (f.relayed() != null && f.relayed().measured()) {
            return withFailure(RelayedVerdict.of(config, f), f);
        }
        if (redo == null) {
            return new Verdict(name(f.hop().route()), Verdict.Status.INCOMPLETE, List.of(f.failure() == null
                    ? NOT_MEASURED : f.failure()));
        }
        double carried = Measured.bps(redo) / 8;
        return withFailure(f.hop().route().mode().waits() ? sync(config, f, carried) : async(config, f, carried), f);
    }

    private static Verdict withFailure(Verdict v, PlanResult.HopFigures f) {
        if (f.failure() == null) {
            return v;
        }
        List<String> more = new ArrayList<>(v.reasons());
        more.add("the hop's test ended early: " + f.failure());
        return new Verdict(v.name(), Verdict.Status.INCOMPLETE, more);
    }

    private static Verdict async(PlanRunner.Config config, PlanResult.HopFigures f, double carried) {
        double offered = f.hop().carriedBytesPerS();
        boolean keeps = Rules.keepsUp(carried, offered);
        LagTrace lag = f.lag();
        // a hop to this host (a loopback trial of a plan) has no link: a lag that grew is its CPU's (as qualify's)
        boolean here = lag != null && !lag.flat() && oneHost(config, f);
        boolean flat = lag != null && (lag.flat() || here);
        String carriedLine = Rules.carriedLine(carried, offered) + ", every hop at once";
        String lagLine = lag == null ? "transport lag not traced" : here
                ? Rules.hostLag(lag.growth(), lag.lastLag(), "at the peak")
                : flat ? fmt("transport lag flat at the peak (%.2f s at the end, slope %+.4f s/s%s)", lag.lastLag(), lag
                        .growth(), LagTrace.stallNote(true, lag.growth()))
                        : fmt("transport lag grows %.3f s per second (%.2f s at the end)", lag.growth(), lag.lastLag());
        List<String> reasons = new ArrayList<>(keeps && !flat ? List.of(lagLine, carriedLine)
                : List.of(carriedLine, lagLine)); // what failed first: the configuration's verdict quotes it
        TcpStats tcp = f.redo().summary().tcp();
        double rtt = rttMs(f);
        reasons.add(fmt("round trip p50 %.3f ms%s", rtt, tcp == null ? "" : fmt("; %.3f %% of segments retransmitted",
                100 * tcp.retransmitRatio())));
        String reordering = tcp == null ? null : tcp.reorderingWarning(f.redo().host());
        if (reordering != null) {
            reasons.add(reordering);
        }
        if (!(keeps && flat) && tcp != null) {
            reasons.addAll(StreamLimit.of(carried * 8, rtt, tcp.retransmitRatio(), tcp.mss() > 0 ? tcp.mss()
                    : Rules.DEFAULT_MSS,
                    f.redo().summary().sndbufAtEnd()).withSender(tcp.limited())
                    .reasons(Sizing.congestionControls(PROC_SYS), tcp.congestion()));
        }
        return new Verdict(name(f.hop().route()), Rules.carried(carried, offered, flat), reasons);
    }

    private static Verdict sync(PlanRunner.Config config, PlanResult.HopFigures f, double carried) {
        LatencyStats l = f.redo().summary().latency();
        LatencyStats d = f.redo().summary().disk();
        double disk = d == null ? 0 : d.p50();
        Verdicts.SyncFigures figures = new Verdicts.SyncFigures(name(f.hop().route()), l.p50(), l.p99(), l.p999(),
                Math.max(0, l.p50() - disk), disk, rttMs(f), Double.NaN);
        Duration budget = config.plan().commitBudget();
        Verdict v = SyncReach.with(Verdicts.sync(figures, budget), figures, budget, f.hop().carriedBytesPerS(),
                config.writeSize());
        List<String> all = new ArrayList<>(v.reasons());
        all.add(1, fmt("%d-byte writes back to back while every other hop carries its redo, as qualify's SYNC step "
                + "(%.1f MB/s at this write size; the peak is %.1f MB/s)", config.writeSize(), carried / 1e6,
                f.hop().carriedBytesPerS() / 1e6));
        return Verdicts.thinTail(new Verdict(v.name(), v.status(), all), l);
    }

    /**
     * Catching up after the outage on one hop: FAIL when it never ends, MARGINAL when it ends but the live redo fell
     * behind beside the gap (the standby's lag grows until the gap is resolved) or a SYNC hop's writes left the
     * commit budget while it ran; INCOMPLETE when the gap or the live redo beside it was not measured.
     */
    static Verdict catchUp(PlanRunner.Config config, PlanResult.HopFigures f) {
        CatchUp c = f.catchUp();
        String name = "catch-up " + f.hop().route().from() + " -> " + f.hop().route().to();
        String failed = f.failure() != null ? f.failure() : f.catchUpFailure();
        if (failed != null || c.windowSeconds() <= 0 || Double.isNaN(c.liveBytesPerS())) {
            return new Verdict(name, Verdict.Status.INCOMPLETE, List.of("not measured: " + (failed != null
                    ? failed : c.windowSeconds() <= 0 ? "the gap connections carried nothing back"
                            : "the live redo beside the gap came back with no figures")));
        }
        List<String> reasons = new ArrayList<>();
        String outage = Durations.readable(config.plan().outage().toNanos() / 1e9);
        String live = fmt("%.1f of its %.1f MB/s", c.liveDeliveredBytesPerS() / 1e6, c.redoBytesPerS() / 1e6)
                + (!c.sync() ? "" : c.aloneBytesPerS() < c.redoBytesPerS()
                        ? fmt(" (its %d-byte writes back to back carry %.1f MB/s even alone: the log writer's writes grow, "
                                + "so this understates the live redo and the time errs long)", config.writeSize(),
                                c.aloneBytesPerS() / 1e6)
                        : fmt(" (its %d-byte writes back to back, counted up to the redo)", config.writeSize()));
        String carried = fmt("the hop carried %.1f MB/s in all while the gap ran: the gap %.1f MB/s over %d "
                + "connections, the live redo %s", c.carriedBytesPerS() / 1e6, c.gapBytesPerS() / 1e6,
                config.plan().gapConnections(), live);
        reasons.add(howItEnds(c, outage, carried));
        // on one host the gap and the live redo share its CPU, not a link: a squeeze there is the host's (run 48:
        // a loopback plan's live redo at 55 % beside 532 MB/s of gap, at load 12)
        boolean here = oneHost(config, f);
        if (c.ends() && !c.liveKeepsUp()) {
            reasons.add(fmt("the gap squeezed the live redo to %.0f %% of the redo", 100 * c
                    .liveDeliveredBytesPerS() / c
                            .redoBytesPerS()) + (here
                                    ? " on connections that never left one host: the gap and the redo share "
                                            + "its CPU, so the host fell behind, not a link; qualify across the link to judge it"
                                    : ": the standby's lag grows until the gap is resolved (size the link for the peak redo "
                                            + "including gap resolution, Oracle's notes; fewer gap connections leave the "
                                            + "redo more)"));
        }
        double budget = config.plan().commitBudget().toNanos() / 1e6;
        double without = p99(f.redo());
        // the gap is blamed only where it made the difference: pushed p99 over the budget, or doubled it
        boolean slowed = c.sync() && c.commitP99Ms() > budget && (!(without > budget) || c.commitP99Ms() > 2 * without);
        if (c.sync() && !Double.isNaN(c.commitP99Ms())) {
            reasons.add(fmt("SYNC writes beside the gap: p99 %.2f ms against the %.2f ms budget%s%s",
                    c.commitP99Ms(), budget, Double.isNaN(without) ? "" : fmt(" (%.2f ms without it)", without),
                    slowed ? ": gap resolution slows every commit while it runs (fewer gap connections, or QoS that "
                            + "puts the SYNC redo ahead of the archived logs)" : ""));
        }
        reasons.add(measured(f, c));
        Verdict.Status status = Rules.catchUp(c.ends(), c.liveKeepsUp() || here, slowed);
        return new Verdict(name, status, reasons);
    }

    /** {@link #oneHost(PlanRunner.Config, String, String)} for a hop's route. */
    static boolean oneHost(PlanRunner.Config config, PlanResult.HopFigures f) {
        return oneHost(config, f.hop().route().from(), f.hop().route().to());
    }

    /**
     * Whether the connections from site {@code from} to site {@code to} never leave one host: the primary's to one of
     * this host's own addresses, a relay's to a loopback address (its own host, wherever it runs).
     */
    static boolean oneHost(PlanRunner.Config config, String from, String to) {
        Site site = config.plan().site(to);
        if (site == null || site.server() == null) {
            return false;
        }
        String host = site.server().host();
        if (from.equals(config.plan().primary().name())) {
            return TcpStats.hostInternal(host);
        }
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (IOException e) {
            return false;
        }
    }

    /** How the catch-up's time was had: a measured crossing, or the formula's (and why). */
    private static String measured(PlanResult.HopFigures f, CatchUp c) {
        return c.gapSent()
                ? fmt("the gap from %s's agent is counted as the agent sent it over %.0f s (it reports no "
                        + "acknowledgements): the time is the formula's from that rate, not a measured crossing",
                        f.hop().route().from(), c.windowSeconds())
                : c.sync()
                        ? fmt("the time is the formula's: a SYNC hop's writes back to back are not the redo's rate, so no "
                                + "crossing is read from them (watched %.0f s)", c.windowSeconds())
                        : Double.isNaN(c.measuredSeconds())
                                ? fmt("measured for %.0f s, in which the gap and the live redo did not deliver the backlog plus the "
                                        + "redo since%s", c.windowSeconds(), c.ends()
                                                ? ": the time is the formula's from their "
                                                        + "rates" : "")
                                : fmt("measured: the gap's and the live redo's acknowledged bytes passed the backlog plus the redo "
                                        + "since at %.1f s", c.measuredSeconds());
    }

    /** A test's message time p99 in ms; NaN when it has none. */
    static double p99(TestResult r) {
        return r == null || r.summary().latency() == null ? Double.NaN : r.summary().latency().p99();
    }

    private static String howItEnds(CatchUp c, String outage, String carried) {
        if (!c.aloneKeepsUp()) {
            return fmt("never catches up after %s: on its own the live redo carried %.1f of the %.1f MB/s it must, so "
                    + "once the gap is sent the standby falls behind again", outage, c.aloneBytesPerS() / 1e6,
                    c.redoBytesPerS() / 1e6);
        }
        return c.ends()
                ? fmt("after %s: %.2f GB owed; %s: caught up in %s by the formula backlog / (gap + live - redo) "
                        + "(Oracle's backlog / (bandwidth - redo), both streams measured together)", outage,
                        c.backlogBytes() / 1e9, carried, Durations.readable(c.formulaSeconds()))
                : fmt("never catches up after %s: %s, not more than the %.1f MB/s of redo that keeps coming", outage,
                        carried, c.redoBytesPerS() / 1e6);
    }

    /** The configuration: the commit's wait for its SYNC destinations, the primary's uplink, and every hop. */
    static Verdict configuration(PlanRunner.Config config, List<PlanResult.HopFigures> hops, List<Verdict> each) {
        Plan plan = config.plan();
        List<String> reasons = new ArrayList<>();
        Verdict.Status status = Verdict.worst(each);
        double[] commit = PlanResult.commitMs(plan, hops);
        if (commit == null) {
            reasons.add(plan.commitWaitsFor().isEmpty() ? "no SYNC or FASTSYNC destination: commits do not wait for "
                    + "the network" : "what a commit waits for was not measured: no SYNC destination's test came back");
        } else {
            double b = plan.commitBudget().toNanos() / 1e6;
            Verdict.Status c = Rules.commit(commit[0], commit[1], b);
            status = Verdict.worst(List.of(new Verdict("c", status, List.of()), new Verdict("c", c, List.of())));
            reasons.add(fmt("a commit waits %.3f ms %s, %.3f ms at p99 (%s) against the %.3f ms budget", commit[0],
                    PlanResult.racCommit(hops) ? "on average (the slowest RAC node's)" : "at p50",
                    commit[1], plan.commitWaitsFor().size() == 1 ? "its one SYNC destination"
                            : plan.syncLatency().isZero()
                                    ? "the slowest SYNC destination's, from each one's percentiles"
                                    : "the first SYNC destination's plus at most data-guard-sync-latency", b));
        }
        double offered = 0;
        double carried = 0;
        int direct = 0;
        for (PlanResult.HopFigures h : hops) {
            if (h.hop().route().from().equals(plan.primary().name())) {
                direct++;
                offered += h.hop().carriedBytesPerS();
                double bps = h.rac() != null ? h.rac().carriedBytesPerS() : h.redo() == null ? 0 : Measured.bps(h
                        .redo()) / 8;
                carried += Double.isNaN(bps) ? 0 : Math.min(h.hop().carriedBytesPerS(), bps);
            }
        }
        reasons.add(fmt("the primary's uplink carried %.1f MB/s of redo for %d destinations (%.1f MB/s asked; a SYNC "
                + "hop's back-to-back writes counted up to the peak)", carried / 1e6, direct, offered / 1e6)
                        .replace("for 1 destinations", "for 1 destination"));
        for (Verdict v : each) {
            if (v.status() != Verdict.Status.PASS) {
                reasons.add(v.name() + ": " + v.status() + ", " + v.reasons().get(0));
            }
        }
        return new Verdict("configuration", status, reasons);
    }

    /** The hop's round trip: its round-trip phase's p50, or for a relayed hop the lowest its relay's socket saw. */
    static double rttMs(PlanResult.HopFigures f) {
        if (!f.threads().isEmpty()) {
            return f.threads().stream().mapToDouble(t -> t.relayed().minRttMs()).filter(x -> !Double.isNaN(x)).min()
                    .orElse(Double.NaN);
        }
        if (f.rac() != null) {
            return f.rac().rttMs();
        }
        if (f.relayed() != null) {
            return f.relayed().minRttMs();
        }
        return f.rtt() == null ? Double.NaN : f.rtt().summary().latency().p50();
    }

}
