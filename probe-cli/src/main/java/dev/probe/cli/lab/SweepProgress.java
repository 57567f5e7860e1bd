package dev.probe.cli.lab;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.lab.LinkMode;
import dev.probe.core.lab.LinkSpec;
import dev.probe.core.lab.SweepCampaign;
import dev.probe.core.lab.SweepPlan;
import dev.probe.report.CompareReport;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The sweep's console: the plan, one line per run with cell i of n and the ETA, and the closing table. */
final class SweepProgress {
    private final PrintWriter out;
    private final SweepPlan plan;
    private final int perCell;
    private long startNanos;
    private int done;

    SweepProgress(PrintWriter out, SweepPlan plan, int kindsPerRun) {
        this.out = out;
        this.plan = plan;
        this.perCell = plan.runs() * kindsPerRun;
    }

    void begin(LinkMode mode, LinkSpec link, Duration perRun, Long volume) {
        startNanos = System.nanoTime();
        out.printf(Locale.ROOT, "[Sweep] %d cells x %d run(s), %s, %s each; %s link: %s%n[Sweep] %s%n",
                plan.cells().size(), plan.runs(), plan.direction().wireName(),
                volume != null ? volume + " bytes" : perRun.toSeconds() + " s", mode.wireName(),
                link.describe().replaceFirst("^RTT [^,]*, loss [^,]*, ", ""), plan.scalingNote());
        out.flush();
    }

    void finished(SweepPlan.Cell cell, int run, SweepCampaign.Kind kind, JsonNode doc) {
        JsonNode summary = doc.path("summary");
        double whole = summary.path("throughput_gbps").asDouble();
        double gbps = summary.path("projection").path("steady_gbps").asDouble(whole);
        line(cell, run, kind, String.format(Locale.ROOT, "%.3f Gbit/s%s (scaled %.3f)", gbps, summary.has("projection")
                ? String.format(Locale.ROOT, " steady, %.3f over the whole run", whole) : "", gbps * plan
                        .channelScale()));
    }

    void failed(SweepPlan.Cell cell, int run, SweepCampaign.Kind kind, String why) {
        line(cell, run, kind, "FAILED: " + why);
    }

    private void line(SweepPlan.Cell cell, int run, SweepCampaign.Kind kind, String what) {
        done++;
        int total = plan.cells().size() * perCell;
        double perRunS = (System.nanoTime() - startNanos) / 1e9 / done;
        long etaS = Math.round(perRunS * (total - done));
        out.printf(Locale.ROOT, "cell %d/%d RTT %s ms loss %s %%: %s run %d/%d %s; ETA %d min %02d s%n", cell.index(),
                plan.cells().size(), LinkSpec.trim(cell.rttMs()), LinkSpec.trim(cell.lossPct()), kind.wireName(), run,
                plan.runs(),
                what, etaS / 60, etaS % 60);
        out.flush();
    }

    /** Mean scaled throughput per cell beside the paper's, and their ratio. */
    void table(List<CompareReport.Placement> placements) {
        Map<String, List<CompareReport.Placement>> byCell = placements.stream().collect(Collectors.groupingBy(
                p -> String.format(Locale.ROOT, "%-8s %8.1f %7.2f", p.point().kind(), p.point().rttMs(),
                        p.point().lossPct()), TreeMap::new, Collectors.toList()));
        out.printf("%n%-8s %8s %7s %14s %12s %7s%n", "kind", "RTT ms", "loss %", "yours Gbit/s", "paper Gbit/s",
                "ratio");
        byCell.forEach((key, ps) -> {
            double yours = ps.stream().mapToDouble(p -> p.point().gbps()).average().orElse(Double.NaN);
            double paper = ps.get(0).paperGbps();
            out.printf(Locale.ROOT, "%s %14.3f %12.3f %7s%n", key, yours, paper, plan.comparable()
                    ? String.format(Locale.ROOT, "%.2f", yours / paper) : "-");
        });
        out.println("(yours: " + plan.scalingNote() + "; paper: interpolated on its delay grid, FC column for loss 0)");
        out.flush();
    }
}
