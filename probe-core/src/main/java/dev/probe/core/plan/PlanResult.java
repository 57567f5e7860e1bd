package dev.probe.core.plan;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.agent.HostSummary;
import dev.probe.core.protocol.Json;
import dev.probe.core.qualify.LagTrace;
import dev.probe.core.qualify.Measured;
import dev.probe.core.qualify.Verdict;
import dev.probe.core.result.ResultEnvelope;
import dev.probe.core.result.TestResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A plan's run: each hop's figures and verdict, and the configuration's.
 *
 * @param config     what ran
 * @param startedAt  when it started
 * @param hops       each hop's figures
 * @param backups    each Recovery Appliance's archived-log backups
 * @param verdicts   one per hop, then the catch-ups' and the backups', then the configuration's
 * @param incomplete why the run stopped early, or null
 */
public record PlanResult(PlanRunner.Config config, Instant startedAt, List<HopFigures> hops,
        List<PlanBackups.Figures> backups, List<Verdict> verdicts, String incomplete) {
    /**
     * One hop's measurements.
     *
     * @param hop     the hop and what it must carry
     * @param rtt     its round-trip phase (null when none came back)
     * @param redo    its redo phase (null when none came back)
     * @param lag     an ASYNC hop's lag trace (null for SYNC)
     * @param catchUp the catch-up after the plan's outage (null when none was asked or run)
     * @param failure why the round-trip or redo phase failed, or null
     * @param catchUpFailure why the catch-up phase failed (its gap or its live redo), or null
     * @param relayed a relayed hop's figures as its relay reported them (null for a hop from the primary)
     * @param rac     a RAC primary's hop: every node's figures (null when the primary is one host)
     * @param threads a hop relayed from a RAC primary: each node's thread as its relay forwarded it, a hop of the
     *                node's share each (empty otherwise)
     */
    public record HopFigures(PlanDemand.Hop hop, TestResult rtt, TestResult redo, LagTrace lag, CatchUp catchUp,
            String failure, String catchUpFailure, RelayTrace relayed, PlanRac.Figures rac,
            List<HopFigures> threads) {
        public HopFigures {
            threads = threads == null ? List.of() : List.copyOf(threads);
        }

        /** A relayed RAC hop's carried bytes/s: its threads' sum, each as its relay reported it (0 when it did not). */
        double threadsCarriedBytesPerS() {
            return threads.stream().mapToDouble(t -> t.relayed().measured() ? t.relayed().carriedBytesPerS() : 0).sum();
        }

        /** Figures of a hop that is not relayed from a RAC primary. */
        public HopFigures(PlanDemand.Hop hop, TestResult rtt, TestResult redo, LagTrace lag, CatchUp catchUp,
                          String failure, String catchUpFailure, RelayTrace relayed, PlanRac.Figures rac) {
            this(hop, rtt, redo, lag, catchUp, failure, catchUpFailure, relayed, rac, List.of());
        }
    }

    public PlanResult {
        hops = List.copyOf(hops);
        backups = List.copyOf(backups);
        verdicts = List.copyOf(verdicts);
    }

    /**
     * The verdicts of what ran; {@code stopped} (why the run stopped early, or null) leaves the phase the clock was
     * in and every later one unmeasured: their verdicts read INCOMPLETE with what was measured, never PASS or FAIL.
     */
    static PlanResult of(PlanRunner.Config config, PlanClock clock, List<HopFigures> hops,
                         List<PlanBackups.Figures> backups, String stopped) {
        PlanClock.Phase cut = stopped == null ? null : clock.phase();
        boolean hopsCut = cut != null && cut != PlanClock.Phase.CATCH_UP;
        String why = stopped + ", " + (cut == PlanClock.Phase.ROUND_TRIP ? "in the round-trip phase"
                : cut == PlanClock.Phase.REDO ? "in the redo phase" : "in the catch-up phase");
        List<Verdict> each = new ArrayList<>();
        hops.forEach(h -> each.add(cut(PlanVerdicts.hop(config, h), hopsCut, why)));
        hops.stream().filter(h -> h.catchUp() != null).forEach(h -> each.add(cut(PlanVerdicts.catchUp(config, h),
                cut != null, why)));
        backups.forEach(b -> each.add(cut(PlanBackups.verdict(config.plan().primary().name(), b), hopsCut, why)));
        List<Verdict> all = new ArrayList<>(each);
        all.add(PlanVerdicts.configuration(config, hops, each));
        return new PlanResult(config, clock.startedAt(), hops, backups, all, stopped);
    }

    /** {@code v} as INCOMPLETE when its phase was {@code cut}: not measured whole, then what was measured. */
    private static Verdict cut(Verdict v, boolean cut, String why) {
        if (cut && v.reasons().equals(List.of(PlanVerdicts.NOT_MEASURED))) {
            return new Verdict(v.name(), Verdict.Status.INCOMPLETE, List.of(PlanVerdicts.NOT_MEASURED + " (stopped: "
                    + why + ")"));
        }
        if (!cut || v.status() == Verdict.Status.INCOMPLETE) {
            return v;
        }
        List<String> reasons = new ArrayList<>();
        reasons.add("not measured whole (stopped: " + why + "); no verdict from part of a phase. Measured so far:");
        reasons.addAll(v.reasons());
        return new Verdict(v.name(), Verdict.Status.INCOMPLETE, reasons);
    }

    /** The worst verdict; INCOMPLETE when the run stopped early. */
    public Verdict.Status overall() {
        return incomplete != null ? Verdict.Status.INCOMPLETE : Verdict.worst(verdicts);
    }

    /**
     * What a commit waits for its SYNC destinations, {p50, p99} in ms: the slowest destination's percentile, or with
     * data-guard-sync-latency the first's plus at most that; null when no destination is SYNC or none was measured.
     */
    static double[] commitMs(Plan plan, List<HopFigures> hops) {
        double[] slowest = null;
        double[] fastest = null;
        for (HopFigures h : hops) {
            double[] p = h.hop().route().mode().waits() ? commitOf(h) : null;
            if (p == null) {
                continue;
            }
            slowest = slowest == null ? p : new double[] {Math.max(slowest[0], p[0]), Math.max(slowest[1], p[1])};
            fastest = fastest == null ? p : new double[] {Math.min(fastest[0], p[0]), Math.min(fastest[1], p[1])};
        }
        if (slowest == null || plan.syncLatency().isZero()) {
            return slowest;
        }
        double cap = plan.syncLatency().toNanos() / 1e6;
        return new double[] {Math.min(slowest[0], fastest[0] + cap), Math.min(slowest[1], fastest[1] + cap)};
    }

    /**
     * One SYNC hop's {centre, p99} in ms: its p50 and p99, or from a RAC primary the slowest node's mean and p99 (the
     * agents report no p50); null when not measured.
     */
    private static double[] commitOf(HopFigures h) {
        if (h.rac() != null) {
            List<HostSummary> nodes = h.rac().summaries(h.rac().redo());
            return nodes.isEmpty() ? null : new double[] {
                    nodes.stream().mapToDouble(HostSummary::latencyAvgMs).max().orElse(Double.NaN),
                    nodes.stream().mapToDouble(HostSummary::latencyP99Ms).max().orElse(Double.NaN)};
        }
        return h.redo() == null ? null
                : new double[] {h.redo().summary().latency().p50(), h.redo().summary().latency().p99()};
    }

    /** Whether the hops came from a RAC primary's nodes: the commit's centre is then a mean, not a p50. */
    static boolean racCommit(List<HopFigures> hops) {
        return hops.stream().anyMatch(h -> h.rac() != null);
    }

    /** The result document: {@code probe.result/1}, kind {@code plan}. */
    public ObjectNode toJson() {
        ObjectNode params = Json.object().put("plan", config.plan().file())
                .put("redo_rate_bytes_s", config.plan().redo().peakBytesPerSecond())
                .put("budget_s", config.budget().toSeconds()).put("write_size", config.writeSize())
                .put("commit_budget_ms", config.plan().commitBudget().toNanos() / 1e6)
                .put("sync_latency_ms", config.plan().syncLatency().toNanos() / 1e6);
        ObjectNode summary = Json.object().put("overall", overall().name());
        double[] commit = commitMs(config.plan(), hops);
        if (commit != null) {
            summary.putObject("commit_ms").put(racCommit(hops) ? "mean" : "p50", commit[0]).put("p99", commit[1]);
        }
        ArrayNode v = summary.putArray("verdicts");
        verdicts.forEach(x -> v.add(x.toJson()));
        ObjectNode doc = ResultEnvelope.of("plan", startedAt, params, summary, null, List.of());
        ArrayNode sites = doc.putArray("sites");
        for (Site site : config.plan().sites()) {
            sites.addObject().put("name", site.name()).put("role", site.role().label())
                    .put("depth", config.plan().hopsTo(site.name()).size());
        }
        ArrayNode h = doc.putArray("hops");
        for (int i = 0; i < hops.size(); i++) {
            h.add(hopJson(hops.get(i), verdicts.get(i)));
        }
        if (!backups.isEmpty()) {
            ArrayNode b = doc.putArray("backups");
            backups.forEach(x -> b.add(PlanBackups.toJson(x)));
        }
        return ResultEnvelope.incomplete(doc, incomplete);
    }

    /** One hop's figures in the document. */
    private ObjectNode hopJson(HopFigures f, Verdict verdict) {
        ObjectNode n = Json.object().put("from", f.hop().route().from()).put("to", f.hop().route().to())
                .put("mode", f.hop().route().mode().label()).put("must_carry_bytes_s", f.hop().carriedBytesPerS())
                .put("required_bits_s", f.hop().requiredBits())
                .put("rtt_ms", Double.isNaN(PlanVerdicts.rttMs(f)) ? null : PlanVerdicts.rttMs(f))
                .put("status", verdict.status().name());
        double[] commit = f.hop().route().mode().waits() ? commitOf(f) : null;
        if (commit != null) {
            n.putObject("commit_ms").put(f.rac() != null ? "mean" : "p50", commit[0]).put("p99", commit[1]);
        }
        if (f.redo() != null) {
            n.put("carried_bytes_s", Measured.bps(f.redo()) / 8);
            n.set("redo", f.redo().toJson());
        }
        if (f.rac() != null && f.rac().redo() != null) {
            n.put("carried_bytes_s", orNull(f.rac().carriedBytesPerS()));
            n.set("nodes", f.rac().redo().tail().path("hosts").deepCopy());
        }
        if (f.relayed() != null && f.relayed().measured()) {
            n.put("carried_bytes_s", orNull(f.relayed().carriedBytesPerS()));
            n.set("relay", f.relayed().toJson());
        }
        if (!f.threads().isEmpty()) {
            n.put("carried_bytes_s", f.threadsCarriedBytesPerS());
            threadsJson(n, f.threads());
        }
        if (f.lag() != null && (f.relayed() == null || f.relayed().measured())) {
            n.set("lag", f.lag().summaryJson());
        }
        if (f.catchUp() != null) {
            n.set("catch_up", catchUpJson(f.catchUp()));
        }
        if (f.failure() != null) {
            n.put("failure", f.failure());
        }
        if (f.catchUpFailure() != null) {
            n.put("catch_up_failure", f.catchUpFailure());
        }
        return n;
    }

    /** A relayed RAC hop's threads: each node's thread with its relay's figures. */
    private static void threadsJson(ObjectNode n, List<HopFigures> threads) {
        ArrayNode each = n.putArray("threads");
        for (int i = 0; i < threads.size(); i++) {
            HopFigures t = threads.get(i);
            ObjectNode tn = each.addObject().put("node", i + 1).put("must_carry_bytes_s", t.hop().carriedBytesPerS());
            if (t.relayed().measured()) {
                tn.put("carried_bytes_s", orNull(t.relayed().carriedBytesPerS()));
                tn.set("relay", t.relayed().toJson());
                tn.set("lag", t.relayed().lag().summaryJson());
            }
        }
    }

    /** A hop's catch-up in the document. */
    private ObjectNode catchUpJson(CatchUp c) {
        return Json.object().put("backlog_bytes", c.backlogBytes()).put("redo_bytes_s", c.redoBytesPerS())
                .put("gap_bytes_s", c.gapBytesPerS()).put("gap_connections", config.plan().gapConnections())
                .put("live_bytes_s", orNull(c.liveBytesPerS()))
                .put("live_delivered_bytes_s", c.liveDeliveredBytesPerS())
                .put("live_alone_bytes_s", orNull(c.aloneBytesPerS())).put("carried_bytes_s", c.carriedBytesPerS())
                .put("commit_p99_ms", orNull(c.commitP99Ms()))
                .put("window_s", c.windowSeconds())
                .put("formula_s", c.ends() ? c.formulaSeconds() : null)
                .put("measured_s", orNull(c.measuredSeconds()))
                .put("gap_counted", c.gapSent() ? "sent" : "acknowledged");
    }

    private static Double orNull(double v) {
        return Double.isNaN(v) ? null : v;
    }
}
