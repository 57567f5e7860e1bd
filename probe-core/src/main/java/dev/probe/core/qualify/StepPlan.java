package dev.probe.core.qualify;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The steps of a qualification and how the budget is shared among them: each step gets a share by its weight
 * of what is left after a second of set-up per step; the paced redo step, whose lag needs time to show, weighs
 * most.
 */
public record StepPlan(List<Step> steps) {
    /** What a step measures. */
    public enum Kind { ROUND_TRIP, CAPACITY, DEFAULT_BUFFERS, TUNED_BUFFERS, REDO_RATE, SYNC }

    /** One step: its kind, its length, and for SYNC the write size and whether the standby writes (AFFIRM). */
    public record Step(Kind kind, Duration duration, long writeSize, boolean affirm) {
        /** A label for consoles and charts: "SYNC 32 KiB AFFIRM". */
        public String label() {
            return switch (kind) {
                case ROUND_TRIP -> "round trip";
                case CAPACITY -> "four streams together";
                case DEFAULT_BUFFERS -> "one stream, default buffers";
                case TUNED_BUFFERS -> "one stream, 3 x BDP buffers";
                case REDO_RATE -> "redo at its peak rate";
                case SYNC -> "SYNC " + dev.probe.core.units.Sizes.describe(writeSize) + (affirm ? " AFFIRM" : " FASTSYNC");
            };
        }
    }

    static final Duration SETUP = Duration.ofSeconds(1);

    /** The steps {@code config} asks for within its budget. */
    public static StepPlan of(QualifyConfig config) {
        List<Kind> kinds = new ArrayList<>(List.of(Kind.ROUND_TRIP));
        List<double[]> syncs = new ArrayList<>();
        if (config.async()) {
            kinds.addAll(List.of(Kind.CAPACITY, Kind.DEFAULT_BUFFERS, Kind.TUNED_BUFFERS, Kind.REDO_RATE));
        }
        if (config.sync()) {
            for (long size : config.writeSizes()) {
                syncs.add(new double[] {size, 0});
                if (config.affirm()) {
                    syncs.add(new double[] {size, 1});
                }
            }
        }
        double weights = kinds.stream().mapToDouble(StepPlan::weight).sum() + syncs.size() * weight(Kind.SYNC);
        long steps = kinds.size() + syncs.size();
        double share = Math.max(0, config.budget().minus(SETUP.multipliedBy(steps)).toMillis()) / weights;
        List<Step> plan = new ArrayList<>();
        for (Kind k : kinds) {
            plan.add(new Step(k, length(share * weight(k)), k == Kind.REDO_RATE ? config.writeSizes().get(0) : 0,
                    false));
        }
        for (double[] s : syncs) {
            plan.add(new Step(Kind.SYNC, length(share * weight(Kind.SYNC)), (long) s[0], s[1] == 1));
        }
        return new StepPlan(List.copyOf(plan));
    }

    private static double weight(Kind k) {
        return switch (k) {
            case ROUND_TRIP -> 1;
            case REDO_RATE -> 3;
            default -> 1.5;
        };
    }

    private static Duration length(double millis) {
        return Duration.ofMillis(Math.max(1000, Math.round(millis)));
    }
}
