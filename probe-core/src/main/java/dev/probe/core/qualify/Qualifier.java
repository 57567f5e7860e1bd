package dev.probe.core.qualify;

import dev.probe.core.client.RunStop;
import java.util.List;

/**
 * The qualification engine: runs what one {@link QualifyConfig} asks for and returns one {@link QualifyResult}:
 * one link primary to standby (or, with {@code reverse}, standby to primary), both directions in turn, a RAC
 * primary's instances through their nodes' agents, any of these under a background load, and afterwards the
 * standby's redo log writes ({@code standbyDir}).
 *
 * <pre>{@code
 * QualifyResult r = new Qualifier(config).run((i, n, step) -> out.println("step " + i + "/" + n + " " + step.label()),
 *         new RunStop());
 * }</pre>
 */
public final class Qualifier {
    /** Hears each step start, off the measurement. */
    @FunctionalInterface
    public interface Progress {
        void step(int index, int total, StepPlan.Step step);

        /** {@code --both-directions}: the stream steps standby to primary start (their indexes count from 1 again). */
        default void reversePass() {
        }

        /** The path MTU is checked both ways before the first step (seconds when a black hole is searched). */
        default void checkingPathMtu() {
        }
    }

    private final QualifyConfig config;

    /** The engine for {@code config}; a --budget too short for its steps is refused here, before any traffic. */
    public Qualifier(QualifyConfig config) {
        StepPlan.requireRoom(config);
        this.config = config;
    }

    /** The steps and their lengths within the budget (for the first pass, with both directions). */
    public StepPlan plan() {
        return StepPlan.of(config.bothDirections() ? config.passes().get(0) : config);
    }

    /** Runs every step in order; a step that cannot run is a ProbeException naming why. */
    public QualifyResult run(Progress progress) throws InterruptedException {
        return run(progress, new RunStop());
    }

    /**
     * Runs every step in order, or until {@code stop} is requested: the step under way then ends early and the
     * result holds the steps finished (verdicts only on what was measured whole), marked incomplete and why.
     */
    public QualifyResult run(Progress progress, RunStop stop) throws InterruptedException {
        if (config.rac() != null) {
            return rac(progress, stop);
        }
        LinkResult link;
        LinkResult reverse = null;
        if (config.bothDirections()) {
            List<QualifyConfig> passes = config.passes();
            link = new LinkQualifier(passes.get(0)).run(progress, stop);
            if (link.incomplete() == null) { // else the forward document says why the reverse pass never ran
                progress.reversePass();
                reverse = new LinkQualifier(passes.get(1)).run(progress, stop);
            }
        } else {
            link = new LinkQualifier(config).run(progress, stop);
        }
        boolean measured = link.incomplete() == null && stop.reason() == null;
        StandbyDisk disk = config.timesStandbyDisk() && measured ? StandbyDisk.measure(config) : null;
        return new QualifyResult(config, link, reverse, null, null, disk);
    }

    /** A RAC primary's passes, as {@link #run} runs one host's: primary to standby, then the streams back. */
    private QualifyResult rac(Progress progress, RunStop stop) throws InterruptedException {
        List<QualifyConfig> passes = config.bothDirections() ? config.passes() : List.of(config);
        RacResult rac = new RacQualifier(passes.get(0)).run(progress, stop);
        RacResult reverse = null;
        if (passes.size() > 1 && rac.incomplete() == null) {
            progress.reversePass();
            reverse = new RacQualifier(passes.get(1)).run(progress, stop);
        }
        boolean whole = rac.incomplete() == null && (reverse == null || reverse.incomplete() == null)
                && stop.reason() == null;
        return new QualifyResult(config, null, null, rac, reverse, config.timesStandbyDisk() && whole
                ? StandbyDisk.measure(config) : null);
    }
}
