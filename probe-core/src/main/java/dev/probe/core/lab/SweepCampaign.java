package dev.probe.core.lab;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.ResultFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The paper's campaign as a loop over a {@link SweepPlan} on a {@link LabLink}: for every cell the link takes the
 * cell's delay and loss, settles, and each run of each kind goes to {@link Runs} (which starts whatever runs it:
 * {@code probe sweep} starts probe processes in the lab's namespaces); each result is annotated with the cell, the
 * link and the capacity scaling so {@code report compare} can place it. A run that fails is counted and the
 * campaign goes on; a link that stops working ends it.
 *
 * <pre>{@code
 * Outcome o = new SweepCampaign(plan, List.of(Kind.BULK), link, "cubic", runs, listener).run();
 * }</pre>
 */
public final class SweepCampaign {
    /** What one run moves: RMAN-style bulk channels, or objstore channels through the OCI SDK. */
    public enum Kind {
        BULK, OBJSTORE;

        /** "bulk" or "objstore": the command that runs it and the result's kind. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Runs one run of a kind in a cell and returns its result document's file, or throws a {@link LabException}. */
    @FunctionalInterface
    public interface Runs {
        Path run(Kind kind, SweepPlan.Cell cell, int run) throws IOException, InterruptedException;
    }

    /** Hears each run end, off the loop's timing. */
    public interface Listener {
        void finished(SweepPlan.Cell cell, int run, Kind kind, ObjectNode doc);

        void failed(SweepPlan.Cell cell, int run, Kind kind, String why);
    }

    /** The result files written, how many runs failed, and the link's counters at the end. */
    public record Outcome(List<Path> results, int failures, String counters) {
        public Outcome {
            results = List.copyOf(results);
        }
    }

    private final SweepPlan plan;
    private final List<Kind> kinds;
    private final LabLink link;
    private final String namespaceCongestion;
    private final Runs runs;
    private final Listener listener;

    /** {@code namespaceCongestion}: the congestion control of the client namespace, recorded in every result. */
    public SweepCampaign(SweepPlan plan, List<Kind> kinds, LabLink link, String namespaceCongestion, Runs runs,
                         Listener listener) {
        this.plan = plan;
        this.kinds = List.copyOf(kinds);
        this.link = link;
        this.namespaceCongestion = namespaceCongestion;
        this.runs = runs;
        this.listener = listener;
    }

    /** Every cell in the plan's order, {@code plan.runs()} runs of each kind in each. */
    public Outcome run() throws IOException, InterruptedException {
        List<Path> results = new ArrayList<>();
        int failures = 0;
        for (SweepPlan.Cell cell : plan.cells()) {
            link.reconfigure(link.spec().withCell(cell.rttMs(), cell.lossPct(), plan.direction()));
            Thread.sleep(settle(cell));
            for (int r = 1; r <= plan.runs(); r++) {
                for (Kind kind : kinds) {
                    Path json = one(kind, cell, r);
                    if (json != null) {
                        results.add(json);
                    } else {
                        failures++;
                    }
                    link.checkHealthy();
                }
            }
        }
        return new Outcome(results, failures, link.describeCounters());
    }

    /** How long a new cell's link is left to settle: two of its round trips, at least 200 ms. */
    static long settle(SweepPlan.Cell cell) {
        return Math.max(200, (long) (cell.rttMs() * 2));
    }

    /** One run: its annotated result file, or null when it failed (the listener told why). */
    private Path one(Kind kind, SweepPlan.Cell cell, int r) throws IOException, InterruptedException {
        try {
            Path json = runs.run(kind, cell, r);
            listener.finished(cell, r, kind, annotate(json, cell));
            return json;
        } catch (LabException e) {
            listener.failed(cell, r, kind, e.getMessage());
            return null;
        }
    }

    /** Adds the cell's impairment and the scaling to the result's params; returns the annotated document. */
    ObjectNode annotate(Path json, SweepPlan.Cell cell) throws IOException {
        ObjectNode doc = (ObjectNode) Json.MAPPER.readTree(json.toFile());
        ObjectNode params = doc.withObjectProperty("params");
        params.put("impair_rtt_ms", cell.rttMs());
        params.put("impair_loss_pct", cell.lossPct());
        params.put("impair_mode", link.mode().wireName());
        params.put("impair_mtu", link.spec().mtu());
        params.put("impair_rate_bps", link.spec().rateBps());
        params.put("impair_loss_both", link.spec().lossBoth());
        params.put("namespace_congestion", namespaceCongestion);
        if (link.mode() == LinkMode.USERSPACE) {
            params.put("impair_unit_segments", link.spec().unitSegments());
        }
        params.put("paper_channels", plan.paperChannels());
        params.put("channel_scale", plan.channelScale());
        ResultFiles.writeJson(json, doc);
        return doc;
    }
}
