package dev.probe.core.qualify;

import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.pathmtu.PathMtu;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One pass of Oracle's network qualification for Data Guard over one link in one direction, against an ordinary
 * probe server: round trip, capacity, one stream with default then 3 x BDP buffers, the redo at its peak rate with
 * the lag traced, then SYNC at each redo write size; {@link LinkResult} turns the figures into verdicts. The
 * engine, {@link Qualifier}, runs one or two of these.
 */
final class LinkQualifier {
    private static final long STREAM_MESSAGE = 1024 * 1024;
    private static final int CAPACITY_CONNECTIONS = 4;

    private final QualifyConfig config;

    LinkQualifier(QualifyConfig config) {
        this.config = config;
    }

    /**
     * Runs every step in order, or until {@code stop} is requested: the step under way then ends early and the
     * result holds the steps finished (verdicts only on what was measured whole), marked incomplete and why.
     */
    LinkResult run(Qualifier.Progress progress, RunStop stop) throws InterruptedException {
        Instant startedAt = Instant.now();
        StepPlan plan = StepPlan.of(config);
        if (config.underLoad() != null) {
            BackgroundLoad.check(config.underLoad(), config.target(), config.payload());
        }
        Figures f = new Figures();
        Runner runner = new Runner(plan, progress, f.done, stop, config.budget());
        try {
            progress.checkingPathMtu();
            f.pathMtu = PathMtuFindings.check(config.target(), stop);
            if (PathMtuFindings.stalls(f.pathMtu)) {
                return LinkResult.of(config, startedAt, f.measured(), null); // its verdict says why no step ran
            }
            measure(plan, runner, f);
        } catch (Stopped e) {
            return LinkResult.of(config, startedAt, f.measured(), e.getMessage() != null ? e.getMessage()
                    : stop.reason());
        }
        return LinkResult.of(config, startedAt, f.measured(), LoadFigures.failed(f.load));
    }

    /** Runs the idle steps in the plan's order, each building its own test from its kind, then the loaded ones. */
    private void measure(StepPlan plan, Runner runner, Figures f) throws InterruptedException {
        int loadedFrom = plan.firstLoaded();
        for (int i = 0; i < loadedFrom; i++) {
            step(runner, i, f);
        }
        if (loadedFrom < plan.steps().size()) {
            underLoad(plan, runner, f);
        }
    }

    private void step(Runner runner, int i, Figures f) throws InterruptedException {
        switch (runner.plan.steps().get(i).kind()) {
            case ROUND_TRIP -> roundTrip(runner, i, f);
            case CAPACITY -> {
                f.capacity = Measured.steadyBps(runner.run(i, stream(runner, i, CAPACITY_CONNECTIONS, 0),
                        RunListener.NONE), config.reverse());
                f.bdp = Sizing.bdpBytes(Math.max(config.requiredBitsPerS(), f.capacity), f.rttMs / 1000);
                f.buffer = Sizing.socketBuffer(f.bdp);
            }
            case DEFAULT_BUFFERS -> f.defaultBps = Measured.steadyBps(runner.run(i, stream(runner, i, 1, 0),
                    RunListener.NONE), config.reverse());
            case TUNED_BUFFERS -> {
                TestResult tuned = runner.run(i, stream(runner, i, 1, f.buffer), RunListener.NONE);
                f.tunedBps = Measured.steadyBps(tuned, config.reverse());
                f.sndbuf = tuned.summary().sndbufGranted();
                f.rcvbuf = tuned.summary().serverRcvbufGranted();
            }
            case REDO_RATE -> f.lag = paced(runner, i, f.buffer);
            case SYNC -> sync(runner, i);
            default -> throw new IllegalStateException("no step " + runner.plan.steps().get(i).kind());
        }
    }

    /** 0-byte SYNC messages: the round trip, and the BDP and buffer it gives at the required bandwidth. */
    private void roundTrip(Runner runner, int i, Figures f) throws InterruptedException {
        TestResult rtt = runner.run(i, TestParams.builder(Mode.SYNC).length(0).duration(runner.length(i))
                .interval(runner.plan.steps().get(i).interval()).payload(config.payload()).build(), RunListener.NONE);
        f.rttMs = rtt.summary().latency().p50();
        TcpStats t = rtt.summary().tcp();
        f.minRttMs = t == null || t.minRttMs() <= 0 ? Double.NaN : t.minRttMs();
        f.bdp = Sizing.bdpBytes(config.requiredBitsPerS(), f.rttMs / 1000);
        f.buffer = Sizing.socketBuffer(f.bdp);
    }

    /**
     * Runs the loaded steps with the background load going: started, given up to {@link StepPlan#LOAD_RAMP} for its
     * one-second rates to settle (the last {@link LoadTrace#SETTLED_WINDOWS} of them measure the load alone), then
     * the steps, then stopped.
     */
    private void underLoad(StepPlan plan, Runner runner, Figures f) throws InterruptedException {
        int first = plan.firstLoaded();
        Duration steps = Duration.ZERO;
        for (int i = first; i < plan.steps().size(); i++) {
            steps = steps.plus(runner.length(i)).plus(StepPlan.SETUP);
        }
        BackgroundLoad.beside(config, runner.stop, steps, () -> {
            for (int i = first; i < plan.steps().size(); i++) {
                if (plan.steps().get(i).kind() == StepPlan.Kind.REDO_RATE) {
                    f.loadedLag = paced(runner, i, f.buffer);
                } else {
                    sync(runner, i);
                }
            }
        }, figures -> f.load = figures);
    }

    /** The redo at its peak rate, one stream with {@code buffer}, its lag traced. */
    private LagTrace paced(Runner runner, int i, long buffer) throws InterruptedException {
        StepPlan.Step paced = runner.plan.steps().get(i);
        double rate = config.load().peakBytesPerSecond() / paced.writeSize();
        LagTrace lag = new LagTrace(rate, paced.writeSize(), config.reverse());
        runner.run(i, TestParams.builder(Mode.ASYNC).length(paced.writeSize()).duration(runner.length(i))
                .interval(paced.interval()).sockbuf(buffer).rate(rate).payload(config.redoPayload())
                .reverse(config.reverse()).build(), lag);
        return lag;
    }

    private void sync(Runner runner, int i) throws InterruptedException {
        StepPlan.Step s = runner.plan.steps().get(i);
        runner.run(i, TestParams.builder(Mode.SYNC).length(s.writeSize()).duration(runner.length(i))
                .interval(s.interval()).write(s.affirm()).payload(config.payload()).build(), RunListener.NONE);
    }

    /** The figures as the steps give them; NaN, 0 or null for a step not (or not wholly) run. */
    private final class Figures {
        final List<Measured.StepResult> done = new ArrayList<>();
        double rttMs = Double.NaN;
        double minRttMs = Double.NaN;
        double capacity = Double.NaN;
        double defaultBps = Double.NaN;
        double tunedBps = Double.NaN;
        long bdp;
        long buffer;
        int sndbuf;
        int rcvbuf;
        LagTrace lag;
        LagTrace loadedLag;
        LoadFigures load;
        List<PathMtu> pathMtu = List.of();

        Measured measured() {
            boolean linux = config.target().transport().linuxNative();
            boolean clamped = !Double.isNaN(tunedBps) && Sizing.clamped(buffer, Math.min(sndbuf, rcvbuf), linux);
            return new Measured(rttMs, minRttMs, capacity, defaultBps, tunedBps, bdp, buffer, sndbuf, rcvbuf, clamped,
                    lag, loadedLag, load, List.copyOf(done), pathMtu);
        }
    }

    /** A stop was requested, or a step failed (its message says how): no further step runs. */
    private static final class Stopped extends RuntimeException {
        Stopped(String failure) {
            super(failure, null, false, false);
        }
    }

    private TestParams stream(Runner runner, int i, int connections, long sockbuf) {
        Duration d = runner.length(i);
        Duration warmup = d.dividedBy(5);
        return TestParams.builder(Mode.ASYNC).length(STREAM_MESSAGE).connections(connections).duration(d.minus(warmup))
                .interval(runner.plan.steps().get(i).interval()).sockbuf(sockbuf).warmup(warmup)
                .payload(config.payload()).reverse(config.reverse()).build();
    }

    /** Runs one step's test against the target and records it; none starts after a stop was requested. */
    private final class Runner {
        private final StepPlan plan;
        private final Qualifier.Progress progress;
        private final List<Measured.StepResult> done;
        private final RunStop stop;
        private final long deadline;

        Runner(StepPlan plan, Qualifier.Progress progress, List<Measured.StepResult> done, RunStop stop,
               Duration budget) {
            this.deadline = System.nanoTime() + budget.toNanos();
            this.plan = plan;
            this.progress = progress;
            this.done = done;
            this.stop = stop;
        }

        TestResult run(int index, TestParams params, RunListener listener) throws InterruptedException {
            if (stop.reason() != null) {
                throw new Stopped(null);
            }
            StepPlan.Step planned = plan.steps().get(index);
            StepPlan.Step step = new StepPlan.Step(planned.kind(), params.duration().plus(params.warmup()),
                    planned.writeSize(), planned.affirm(), planned.loaded());
            progress.step(index + 1, plan.steps().size(), step);
            Target target = config.target();
            TestResult[] measured = {null};
            TestResult r;
            try {
                r = new RedoClient(new RedoConfig(target, params)).run(RunListener.all(listener, new RunListener() {
                    @Override
                    public void onFinished(TestResult result) {
                        measured[0] = result; // also a step that failed mid-way: what it measured, marked incomplete
                    }
                }), stop);
            } catch (ProbeException e) {
                if (measured[0] == null && done.isEmpty()) {
                    throw e; // nothing measured yet (no server there, a refusal): the one-line error, as before
                }
                if (measured[0] != null) {
                    done.add(new Measured.StepResult(step, measured[0]));
                }
                throw new Stopped("step " + (index + 1) + " (" + step.label() + ") failed: " + e.getMessage());
            }
            done.add(new Measured.StepResult(step, r));
            if (stop.reason() != null) {
                throw new Stopped(null);
            }
            return r;
        }

        /**
         * Step {@code index}'s length: as planned while the budget holds, shortened in proportion (to at least a
         * second) when earlier steps took longer than planned (set-up and the drain of a slow link's buffers).
         */
        Duration length(int index) {
            long rest = 0;
            for (int j = index; j < plan.steps().size(); j++) {
                rest += plan.steps().get(j).duration().plus(StepPlan.SETUP).toNanos();
            }
            Duration planned = plan.steps().get(index).duration();
            long left = deadline - System.nanoTime();
            if (left >= rest) {
                return planned;
            }
            return Duration.ofMillis(Math.max(1000, Math.round(planned.toMillis() * Math.max(0,
                    left) / (double) rest)));
        }
    }
}
