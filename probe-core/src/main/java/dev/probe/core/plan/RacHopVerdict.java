package dev.probe.core.plan;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.agent.HostSummary;
import dev.probe.core.qualify.LagTrace;
import dev.probe.core.qualify.Rules;
import dev.probe.core.qualify.StreamLimit;
import dev.probe.core.qualify.Verdict;
import dev.probe.core.result.TcpStats;
import java.util.ArrayList;
import java.util.List;

/**
 * A RAC primary's hop, from its nodes' summaries ({@link PlanRac.Figures}): ASYNC passes when the destination received
 * at least {@link Rules#KEEPS_UP} of what the hop must carry from all nodes together and every instance's lag
 * stayed flat; SYNC by the slowest node's writes against the commit budget (p99 within: PASS; only the mean: MARGINAL),
 * each instance's log writer waiting for its own acknowledgements.
 */
final class RacHopVerdict {
    /** The nodes' socket buffers are not reported, so they are not blamed. */
    private static final long UNREPORTED_WINDOW = 1L << 40;

    private RacHopVerdict() {
    }

    static Verdict of(PlanRunner.Config config, PlanResult.HopFigures f) {
        PlanRac.Figures r = f.rac();
        String name = PlanVerdicts.name(f.hop().route());
        List<HostSummary> nodes = r.summaries(r.redo());
        if (nodes.isEmpty()) {
            return new Verdict(name, Verdict.Status.INCOMPLETE, List.of(f.failure() == null ? PlanVerdicts.NOT_MEASURED
                    : f.failure()));
        }
        Verdict v = f.hop().route().mode().waits() ? sync(config, f, name, nodes) : async(config, f, name, nodes);
        if (f.failure() == null) {
            return v;
        }
        List<String> more = new ArrayList<>(v.reasons());
        more.add("the hop's test ended early: " + f.failure());
        return new Verdict(name, Verdict.Status.INCOMPLETE, more);
    }

    private static Verdict async(PlanRunner.Config config, PlanResult.HopFigures f, String name,
                                 List<HostSummary> nodes) {
        double must = f.hop().carriedBytesPerS();
        double carried = f.rac().carriedBytesPerS();
        LagTrace worst = f.rac().lags().stream().max((a, b) -> Double.compare(a.growth(), b.growth())).orElse(null);
        // every node's agent and the destination on this host (a loopback trial): no link, so a lag that grew is the
        // host's CPU, as a single primary's hop and qualify judge it (PlanRacTest once FAILed a loopback hop so)
        boolean here = worst != null && !worst.flat() && oneHost(config, f);
        boolean flat = worst != null && (worst.flat() || here);
        List<String> each = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            each.add(fmt("node %d %.1f MB/s", i + 1, nodes.get(i).bytes() / Math.max(1e-9, nodes.get(i)
                    .durationS()) / 1e6));
        }
        List<String> reasons = new ArrayList<>();
        reasons.add(Rules.carriedLine(carried, must) + fmt(" from %d RAC nodes, each its own instance's redo (%s)",
                nodes.size(), String.join(", ", each)));
        reasons.add(lagLine(worst, here, flat));
        long retrans = nodes.stream().mapToLong(HostSummary::retransmits).filter(x -> x >= 0).sum();
        long segments = nodes.stream().mapToLong(HostSummary::segmentsSent).filter(x -> x > 0).sum();
        reasons.add(fmt("round trip %.3f ms (the slowest node's mean)%s", f.rac().rttMs(), segments == 0 ? ""
                : fmt("; %.3f %% of segments retransmitted", 100.0 * retrans / segments)));
        // a failing instance's diagnosis, as single-link qualify gives it: what held its node's stream back
        List<HostSummary> trips = f.rac().summaries(f.rac().rtt());
        for (int i = 0; i < nodes.size() && i < f.rac().lags().size() && !here; i++) {
            if (!f.rac().lags().get(i).flat()) {
                HostSummary n = nodes.get(i);
                for (String why : StreamLimit.ofNode(n.bytes() / Math.max(1e-9, n.durationS()), i < trips.size()
                        ? trips.get(i).latencyAvgMs() : Double.NaN, n, UNREPORTED_WINDOW)) {
                    reasons.add(fmt("node %d fell behind: %s", i + 1, why));
                }
            }
        }
        return new Verdict(name, Rules.carried(carried, must, flat), reasons);
    }

    /** What the instances' lags say: not traced, the host's (one host), all flat, or the steepest growing. */
    private static String lagLine(LagTrace worst, boolean here, boolean flat) {
        if (worst == null) {
            return "transport lag not traced";
        }
        if (here) {
            return Rules.hostLag(worst.growth(), worst.lastLag(), "for an instance");
        }
        if (flat) {
            return fmt("every instance's transport lag flat (the steepest slope %+.4f s/s%s; from what each node "
                    + "sent, a lower bound)", worst.growth(), LagTrace.stallNote(true, worst.growth()));
        }
        return fmt("an instance's transport lag grows %.3f s per second (from what its node sent, a lower bound)",
                worst.growth());
    }

    /** The hop's destination on this host and every RAC node's agent on it too: its connections never leave it. */
    private static boolean oneHost(PlanRunner.Config config, PlanResult.HopFigures f) {
        return PlanVerdicts.oneHost(config, f) && config.plan().primary().agents().stream()
                .allMatch(a -> TcpStats.hostInternal(a.host()));
    }

    private static Verdict sync(PlanRunner.Config config, PlanResult.HopFigures f, String name,
                                List<HostSummary> nodes) {
        double budget = config.plan().commitBudget().toNanos() / 1e6;
        double mean = nodes.stream().mapToDouble(HostSummary::latencyAvgMs).max().orElse(Double.NaN);
        double p99 = nodes.stream().mapToDouble(HostSummary::latencyP99Ms).max().orElse(Double.NaN);
        List<String> each = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            each.add(fmt("node %d mean %.3f / p99 %.3f ms", i + 1, nodes.get(i).latencyAvgMs(),
                    nodes.get(i).latencyP99Ms()));
        }
        List<String> reasons = new ArrayList<>();
        reasons.add(fmt("added commit time, the slowest node's: mean %.3f / p99 %.3f ms against the %.3f ms budget",
                mean, p99, budget));
        reasons.add(fmt("%d-byte writes back to back from each RAC node's agent at once%s (%s)",
                config.writeSize(), f.hop().route().mode() == Route.Mode.SYNC ? ", each written before its ACK" : "",
                String.join("; ", each)));
        reasons.add(fmt("round trip %.3f ms (the slowest node's mean)", f.rac().rttMs()));
        Verdict.Status s = Rules.commit(mean, p99, budget);
        return new Verdict(name, s, reasons);
    }
}
