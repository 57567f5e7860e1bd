package dev.probe.cli.qualify;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.plan.Plan;
import dev.probe.core.plan.PlanDemand;
import dev.probe.core.plan.PlanResult;
import dev.probe.core.plan.Route;
import dev.probe.core.plan.Site;
import dev.probe.core.qualify.Sizing;
import dev.probe.core.qualify.Verdict;
import dev.probe.core.units.Durations;
import dev.probe.core.units.Rate;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** {@code qualify --plan FILE --dry-run}: the configuration as probe resolved it, and what each hop must carry. */
final class PlanConsole {
    private final PrintWriter out;

    PlanConsole(PrintWriter out) {
        this.out = out;
    }

    void print(Plan plan, PlanDemand demand, double tcpEfficiency) {
        out.println(fmt("Plan %s: %d sites, %d hops; peak redo %s (%s)", plan.file(), plan.sites().size(),
                plan.routes().size(), new Rate(plan.redo().peakBytesPerSecond()), redoSource(plan)));
        out.println("Sites:");
        for (Site s : plan.sites()) {
            out.println(fmt("\t%-10s %-18s %s", s.name(), s.role().label(), where(s)).stripTrailing());
        }
        out.println("Hops (each carries the redo once; needed = " + Sizing.requiredRule(tcpEfficiency)
                .replace("peak", "carried") + "):");
        for (PlanDemand.Hop h : demand.hops()) {
            out.println(fmt("\t%-22s %-9s %7.1f MB/s, needs %7.1f Mbit/s%s", h.route().from() + " -> "
                    + h.route().to(), h.route().mode().label(), h.carriedBytesPerS() / 1e6, h.requiredBits() / 1e6,
                    h.compression().isEmpty() ? "" : "; " + h.compression()));
        }
        out.println("Uplinks (what leaves each shipping site; its other traffic comes on top):");
        for (PlanDemand.Uplink u : demand.uplinks()) {
            out.println(fmt("\t%-10s %7.1f MB/s, needs %7.1f Mbit/s (%d destination%s)", u.site(),
                    u.carriedBytesPerS() / 1e6, u.requiredBits() / 1e6, u.hops(), u.hops() == 1 ? "" : "s: the redo "
                            + u.hops() + " times"));
        }
        out.println("How the redo reaches each site:");
        out.println("\t" + plan.primary().name());
        tree(plan, demand, plan.primary().name(), "\t");
        printCommit(plan);
        if (demand.backlogBytes() > 0) {
            out.println(fmt(
                    "Catch-up after an outage of %s: a backlog of %.1f GB (the peak redo x the outage) for each "
                            + "destination, sent while the redo keeps flowing: it ends only if the gap throughput exceeds "
                            + "%.1f MB/s.", Durations.readable(plan.outage().toMillis() / 1000.0), demand
                                    .backlogBytes() / 1e9,
                    plan.redo().peakBytesPerSecond() / 1e6));
        }
        demand.backups().forEach(b -> out.println(backup(plan, b)));
        plan.notes().forEach(n -> out.println("Note: " + n));
        out.println("Dry run: the plan is valid; no traffic was sent.");
        out.flush();
    }

    /** The header of a run: the plan, what each hop must carry, the budget. */
    void printPlan(Plan plan, PlanDemand demand, Duration budget) {
        out.println(fmt("[Qualifying the configuration in %s: %d hops at once]", plan.file(), demand.hops().size()));
        out.println(fmt("\tPeak redo rate         = %s (%s)", new Rate(plan.redo().peakBytesPerSecond()),
                redoSource(plan)));
        for (PlanDemand.Hop h : demand.hops()) {
            Site from = plan.site(h.route().from());
            out.println(fmt("\t%-22s = %s, must carry %.1f MB/s%s%s", h.route().from() + " -> " + h.route().to(),
                    h.route().mode().label(), h.carriedBytesPerS() / 1e6, h.compression().isEmpty() ? ""
                            : " (" + h.compression() + ")", from.role() == Site.Role.PRIMARY ? ""
                                    : ", relayed by " + from.name() + "'s agent " + from.agents().get(0)));
        }
        printCommit(plan);
        out.println(fmt("\tBudget                 = %s", Durations.describe(budget)));
        if (!plan.outage().isZero()) {
            out.println(fmt("\tOutage                 = %s: the backlog goes over %d connections per hop beside the "
                    + "redo", Durations.readable(plan.outage().toNanos() / 1e9), plan.gapConnections()));
            if (demand.hops().stream().anyMatch(h -> !h.route().from().equals(plan.primary().name()))) {
                out.println("Note: a relayed destination's backlog goes from its relay's agent, as the site that "
                        + "forwards to it resolves its gaps");
            }
        }
        if (!plan.primary().agents().isEmpty()) {
            out.println(fmt("Note: each of the %d RAC nodes ships its own instance's redo from its agent; %s",
                    plan.primary().agents().size(), plan.outage().isZero() ? "backups leave from this host"
                            : "the catch-up after the outage is not run for a RAC primary yet"));
        }
        demand.backups().forEach(b -> out.println(backup(plan, b) + " (run in the redo's second half)"));
        out.println();
        out.flush();
    }

    void phase(String text) {
        out.println("(" + text + ")");
        out.flush();
    }

    /** Each hop's verdict, then the configuration's, as qualify prints its own. */
    void printResult(PlanResult result) {
        out.println();
        String taken = Durations.describe(Duration.between(result.startedAt(), Instant.now())
                .truncatedTo(ChronoUnit.SECONDS));
        out.println(fmt("\tTime taken             = %s of a %s budget (phases are shortened when set-up runs over)",
                taken, Durations.describe(result.config().budget())));
        out.println("VERDICT: " + result.overall() + (result.incomplete() == null ? ""
                : " (" + result.incomplete() + ")"));
        for (Verdict v : result.verdicts()) {
            out.println(fmt("  %-30s %-8s %s", v.name(), v.status(), v.reasons().isEmpty() ? "" : v.reasons().get(0)));
            for (String r : v.reasons().subList(Math.min(1, v.reasons().size()), v.reasons().size())) {
                out.println(fmt("  %-30s %-8s %s", "", "", r));
            }
        }
        out.flush();
    }

    /** A Recovery Appliance's archived-log backup, in one line. */
    private static String backup(Plan plan, PlanDemand.Backup b) {
        return fmt("Backups to %s: at each log switch (every %s) %.2f GB of archived log, %.2f GB to send (%s) from %s "
                + "over %d SBT channel%s, %.1f MB/s on average on top of the redo", b.site(), Durations.readable(
                        b.plan().logSwitch().toNanos() / 1e9), b.logBytes() / 1e9, b.backupBytes() / 1e9, b
                                .ratioWords(),
                plan.primary().name(), b.plan().channels(), b.plan().channels() == 1 ? "" : "s",
                b.averageBps() / 1e6);
    }

    private void printCommit(Plan plan) {
        List<Route> waits = plan.commitWaitsFor();
        if (waits.isEmpty()) {
            out.println("Commit: no SYNC or FASTSYNC destination; commits do not wait for the network.");
            return;
        }
        List<String> names = new ArrayList<>();
        waits.forEach(r -> names.add(r.to() + " " + r.mode().label()));
        String rule = waits.size() == 1 ? "its acknowledgement"
                : plan.syncLatency().isZero() ? "the slowest acknowledgement (data-guard-sync-latency 0: no cap)"
                        : "the first acknowledgement, then at most " + Durations.describe(plan.syncLatency())
                                + " more for the others (data-guard-sync-latency)";
        out.println(fmt("Commit: waits for %s: %s; budget %s.", String.join(", ", names), rule,
                Durations.describe(plan.commitBudget())));
    }

    /**
     * The sites {@code from} ships to, each on a line under it and indented one step further than its source: a
     * cascade prints as a tree, each site once, whatever its depth (not every site's whole path).
     */
    private void tree(Plan plan, PlanDemand demand, String from, String indent) {
        for (Route r : plan.routesFrom(from)) {
            PlanDemand.Reach reach = demand.destinations().stream().filter(x -> x.site().equals(r.to())).findFirst()
                    .orElse(null);
            boolean zdl = reach != null && reach.zeroDataLoss();
            out.println(fmt("%s  -%s-> %s%s", indent, r.mode().label(), r.to(), zdl ? "  (zero data loss: every "
                    + "commit waits until the redo is at " + reach.hops().get(0).to() + ")" : ""));
            tree(plan, demand, r.to(), indent + "   ");
        }
    }

    private static String where(Site s) {
        List<String> parts = new ArrayList<>();
        if (s.role() == Site.Role.PRIMARY) {
            parts.add("where qualify runs");
        }
        if (s.server() != null) {
            parts.add("server " + s.server());
        }
        if (!s.agents().isEmpty()) {
            List<String> a = new ArrayList<>();
            s.agents().forEach(h -> a.add(h.toString()));
            parts.add((s.agents().size() == 1 ? "agent " : "agents ") + String.join(", ", a));
        }
        if (s.compression() != Site.Compression.NONE) {
            parts.add("redo to it compressed with " + s.compression().label());
        }
        return String.join("; ", parts);
    }

    private static String redoSource(Plan plan) {
        if (plan.redo().fromAwr()) {
            return "from AWR, " + plan.redo().statistic();
        }
        int instances = plan.redo().instancePeaks().size();
        return instances > 1 ? instances + " RAC instances, summed" : "as given";
    }

}
