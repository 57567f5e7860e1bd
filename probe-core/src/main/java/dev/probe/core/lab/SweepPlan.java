package dev.probe.core.lab;

import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.BadParameterException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The paper's campaign as cells (every RTT x every loss) and runs per cell, with capacity scaling: below the
 * paper's 10 Gbit/s, per-stream loss-limited throughput does not depend on capacity, so the private-link /
 * Internet ratio is kept by running {@code channels x rate / 10 Gbit/s} channels and multiplying their
 * throughput by the inverse ({@link #channelScale}) before comparing with the paper.
 *
 * @param rateBps the link's cap, 0 = none
 */
public record SweepPlan(List<Double> rttsMs, List<Double> lossesPct, Direction direction, int paperChannels, int runs,
        boolean scaleChannels, long rateBps) {
    /** One cell of the grid; {@code index} counts from 1. */
    public record Cell(int index, double rttMs, double lossPct) {
        /** File-name-safe label, e.g. {@code rtt20-loss0.1}. */
        public String label() {
            return "rtt" + LinkSpec.trim(rttMs) + "-loss" + LinkSpec.trim(lossPct);
        }
    }

    public SweepPlan {
        if (rttsMs == null || rttsMs.isEmpty() || rttsMs.stream().anyMatch(r -> !(r >= 0 && r <= 10_000))) {
            throw new BadParameterException("rtt", rttsMs + " must be one or more delays in [0, 10000] ms");
        }
        if (lossesPct == null || lossesPct.isEmpty() || lossesPct.stream().anyMatch(l -> !(l >= 0 && l <= 100))) {
            throw new BadParameterException("loss", lossesPct + " must be one or more percentages in [0, 100]");
        }
        if (direction == null) {
            throw new BadParameterException("direction", "is missing");
        }
        if (paperChannels < 1 || paperChannels > BulkParams.MAX_CHANNELS) {
            throw new BadParameterException("channels", paperChannels + " is out of range [1, "
                    + BulkParams.MAX_CHANNELS
                    + "]");
        }
        if (runs < 1 || runs > 100) {
            throw new BadParameterException("runs", runs + " is out of range [1, 100]");
        }
        if (scaleChannels && (rateBps <= 0 || rateBps > LinkSpec.PAPER_RATE)) {
            throw new BadParameterException("scale-channels", "needs --rate below the paper's 10gbit (got "
                    + (rateBps <= 0 ? "no cap" : rateBps + " bit/s") + ")");
        }
        rttsMs = List.copyOf(rttsMs);
        lossesPct = List.copyOf(lossesPct);
    }

    /** Cells in order: each RTT, each loss within it. */
    public List<Cell> cells() {
        List<Cell> cells = new ArrayList<>();
        for (double rtt : rttsMs) {
            for (double loss : lossesPct) {
                cells.add(new Cell(cells.size() + 1, rtt, loss));
            }
        }
        return cells;
    }

    /** Channels each run opens: the paper's count, scaled by rate / 10 Gbit/s when asked (at least 1). */
    public int channels() {
        if (!scaleChannels) {
            return paperChannels;
        }
        return (int) Math.max(1, Math.round(paperChannels * (double) rateBps / LinkSpec.PAPER_RATE));
    }

    /** What measured throughput is multiplied by to stand for the paper's channels on a 10 Gbit/s link. */
    public double channelScale() {
        return (double) paperChannels / channels();
    }

    /** The channels the paper's tables were measured with (35 RMAN channels). */
    public static final int PAPER_TABLE_CHANNELS = 35;

    /**
     * True when the runs stand for the paper's own channel count, so a ratio to its tables compares like with like
     * (8 channels beside the paper's 35 would read as a link four times worse than it is).
     */
    public boolean comparable() {
        return paperChannels == PAPER_TABLE_CHANNELS;
    }

    /** One sentence for the console and the report. */
    public String scalingNote() {
        String note = !scaleChannels ? "no capacity scaling: " + paperChannels + " channels, throughput as measured"
                : String.format(Locale.ROOT, "capacity scaling: %d channels on a %s Mbit/s link stand for %d on 10 "
                        + "Gbit/s; measured throughput x %.3f", channels(), LinkSpec.trim(rateBps / 1e6), paperChannels,
                        channelScale());
        return note + (comparable() ? "" : "; the paper ran " + PAPER_TABLE_CHANNELS
                + " channels, so no ratio to it is "
                + "given (--channels " + PAPER_TABLE_CHANNELS + " compares)");
    }

    public int totalRuns() {
        return rttsMs.size() * lossesPct.size() * runs;
    }
}
