package dev.probe.core.qualify;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.units.Sizes;
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
    public enum Kind {
        ROUND_TRIP, CAPACITY, DEFAULT_BUFFERS, TUNED_BUFFERS, REDO_RATE, SYNC
    }

    /**
     * One step: its kind, its length, for SYNC the write size and whether the standby writes (AFFIRM), and whether
     * it runs under the background load ({@code --under-load}).
     */
    public record Step(Kind kind, Duration duration, long writeSize, boolean affirm, boolean loaded) {
        /** An idle step. */
        public Step(Kind kind, Duration duration, long writeSize, boolean affirm) {
            this(kind, duration, writeSize, affirm, false);
        }

        /** A label for consoles and charts: "SYNC 32 KiB AFFIRM", "SYNC 32 KiB FASTSYNC under load". */
        public String label() {
            return idleLabel() + (loaded ? " under load" : "");
        }

        /** One-second statistics intervals, finer for short steps so each has a few. */
        public Duration interval() {
            return duration.compareTo(Duration.ofSeconds(5)) < 0 ? Duration.ofMillis(250) : Duration.ofSeconds(1);
        }

        /** The label without "under load": what an idle and a loaded step of one kind share. */
        public String idleLabel() {
            return switch (kind) {
                case ROUND_TRIP -> "round trip";
                case CAPACITY -> "four streams together";
                case DEFAULT_BUFFERS -> "one stream, default buffers";
                case TUNED_BUFFERS -> "one stream, 3 x BDP buffers";
                case REDO_RATE -> "redo at its peak rate";
                case SYNC -> "SYNC " + Sizes.describe(writeSize) + (affirm ? " AFFIRM" : " FASTSYNC");
            };
        }
    }

    static final Duration SETUP = Duration.ofSeconds(1);
    /**
     * The most the background load is given for its rates to settle before the loaded steps (it is measured alone on
     * its last settled seconds): a bulk load on a lossy link falls for several seconds after its start-up burst.
     */
    static final Duration LOAD_RAMP = Duration.ofSeconds(10);
    /** What the plan sets aside for the load to settle (most settle in 3 to 5 s; a longer wait shortens the steps). */
    static final Duration LOAD_SETTLE_PLANNED = Duration.ofSeconds(5);

    /** The steps {@code config} asks for within its budget (a RAC run's as {@link RacQualifier} runs them). */
    public static StepPlan of(QualifyConfig config) {
        List<Kind> kinds = new ArrayList<>(List.of(Kind.ROUND_TRIP));
        List<double[]> syncs = new ArrayList<>();
        if (config.async()) { // a RAC run paces each instance's stream at its peak (RacQualifier): no open streams
            kinds.addAll(config.rac() != null ? List.of(Kind.REDO_RATE)
                    : List.of(Kind.CAPACITY, Kind.DEFAULT_BUFFERS, Kind.TUNED_BUFFERS, Kind.REDO_RATE));
        }
        if (config.sync()) {
            for (long size : config.writeSizes()) {
                syncs.add(new double[] {size, 0});
                if (config.affirm()) {
                    syncs.add(new double[] {size, 1});
                }
            }
        }
        boolean loaded = config.underLoad() != null;
        int copies = loaded ? 2 : 1;
        double weights = kinds.stream().mapToDouble(StepPlan::weight).sum() + syncs.size() * weight(Kind.SYNC) * copies
                + (loaded && config.async() ? weight(Kind.REDO_RATE) : 0);
        long steps = kinds.size() + (long) syncs.size() * copies + (loaded && config.async() ? 1 : 0);
        Duration reserved = SETUP.multipliedBy(steps).plus(loaded ? LOAD_SETTLE_PLANNED.plus(SETUP)
                : Duration.ZERO);
        double share = Math.max(0, config.budget().minus(reserved).toMillis()) / weights;
        List<Step> plan = new ArrayList<>();
        for (Kind k : kinds) {
            plan.add(new Step(k, length(share * weight(k)), k == Kind.REDO_RATE ? config.writeSizes().get(0) : 0,
                    false));
        }
        for (double[] s : syncs) {
            plan.add(new Step(Kind.SYNC, length(share * weight(Kind.SYNC)), (long) s[0], s[1] == 1));
        }
        if (loaded) {
            List<Step> idle = List.copyOf(plan);
            for (Step s : idle) {
                if (s.kind() == Kind.REDO_RATE || s.kind() == Kind.SYNC) {
                    plan.add(new Step(s.kind(), s.duration(), s.writeSize(), s.affirm(), true));
                }
            }
        }
        return new StepPlan(List.copyOf(plan));
    }

    /** How far the steps may run over the budget (each gets a second at least) before the budget is refused. */
    static final double OVERRUN = 1.1;

    /**
     * Refuses, naming {@code --budget}, a budget the steps asked would overrun by more than 10 % (each step gets a
     * second at least: "--budget 90s" with many steps ran 110 s), with the budget that fits. With --both-directions
     * each pass is held to its share.
     */
    static void requireRoom(QualifyConfig config) {
        if (fits(config)) {
            return;
        }
        long seconds = config.budget().toSeconds() + 1;
        while (seconds < 3600 && !fits(config.toBuilder().budget(Duration.ofSeconds(seconds)).build())) {
            seconds++;
        }
        long steps = passes(config).stream().mapToLong(p -> of(p).steps().size()).sum();
        throw new BadParameterException("--budget", config.budget().toSeconds() + " s is too short for the " + steps
                + " steps asked (each a second at least, beside a second of set-up): give --budget " + seconds
                + "s or more, or fewer --write-sizes");
    }

    private static List<QualifyConfig> passes(QualifyConfig config) {
        return config.bothDirections() ? config.passes() : List.of(config);
    }

    /** True when every pass's steps, set-up and the load's settling fit within 110 % of its budget. */
    private static boolean fits(QualifyConfig config) {
        for (QualifyConfig pass : passes(config)) {
            StepPlan plan = of(pass);
            long planned = plan.steps().stream().mapToLong(st -> st.duration().plus(SETUP).toMillis()).sum()
                    + (pass.underLoad() != null ? LOAD_SETTLE_PLANNED.plus(SETUP).toMillis() : 0);
            if (planned > OVERRUN * pass.budget().toMillis()) {
                return false;
            }
        }
        return true;
    }

    /** Index of the first loaded step, or the number of steps when none is. */
    int firstLoaded() {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).loaded()) {
                return i;
            }
        }
        return steps.size();
    }

    /** A step's weight in the budget: the paced redo step, whose lag needs time to show, weighs most. */
    static double weight(Kind k) {
        return switch (k) {
            case ROUND_TRIP -> 1;
            case REDO_RATE -> 3;
            default -> 1.5;
        };
    }

    /** A step's length from its share of the budget, a second at least. */
    static Duration length(double millis) {
        return Duration.ofMillis(Math.max(1000, Math.round(millis)));
    }
}
