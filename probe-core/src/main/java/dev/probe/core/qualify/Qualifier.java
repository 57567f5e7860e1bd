package dev.probe.core.qualify;

import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
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
 * Runs Oracle's network qualification for Data Guard as one procedure against an ordinary probe server: round
 * trip, capacity, one stream with default then 3 x BDP buffers, the redo at its peak rate with the lag traced,
 * then SYNC at each redo write size; {@link QualifyResult} turns the figures into verdicts.
 *
 * <pre>{@code
 * QualifyResult r = new Qualifier(config).run((i, n, step) -> out.println("step " + i + "/" + n + " " + step.label()));
 * }</pre>
 */
public final class Qualifier {
    private static final long STREAM_MESSAGE = 1024 * 1024;
    private static final int CAPACITY_CONNECTIONS = 4;

    /** Hears each step start, off the measurement. */
    @FunctionalInterface
    public interface Progress {
        void step(int index, int total, StepPlan.Step step);
    }

    private final QualifyConfig config;

    public Qualifier(QualifyConfig config) {
        this.config = config;
    }

    /** Runs every step in order; a step that cannot run is a ProbeException naming why. */
    public QualifyResult run(Progress progress) throws InterruptedException {
        Instant startedAt = Instant.now();
        StepPlan plan = StepPlan.of(config);
        List<Measured.StepResult> done = new ArrayList<>();
        Runner runner = new Runner(plan, progress, done);
        TestResult rtt = runner.run(0, new TestParams(Mode.SYNC, 0, 1, plan.steps().get(0).duration(), interval(0, plan),
                false, 0, 0, Duration.ZERO, config.payload()), RunListener.NONE);
        double rttMs = rtt.summary().latency().p50();
        TcpStats t = rtt.summary().tcp();
        double minRttMs = t == null || t.minRttMs() <= 0 ? Double.NaN : t.minRttMs();
        double capacity = Double.NaN;
        double defaultBps = Double.NaN;
        double tunedBps = Double.NaN;
        long bdp = Sizing.bdpBytes(config.requiredBps(), rttMs / 1000);
        long buffer = Sizing.socketBuffer(bdp);
        int sndbuf = 0;
        int rcvbuf = 0;
        LagTrace lag = null;
        int i = 1;
        if (config.async()) {
            capacity = Measured.bps(runner.run(i, stream(plan, i++, CAPACITY_CONNECTIONS, 0), RunListener.NONE));
            defaultBps = Measured.bps(runner.run(i, stream(plan, i++, 1, 0), RunListener.NONE));
            bdp = Sizing.bdpBytes(Math.max(config.requiredBps(), capacity), rttMs / 1000);
            buffer = Sizing.socketBuffer(bdp);
            TestResult tuned = runner.run(i, stream(plan, i++, 1, buffer), RunListener.NONE);
            tunedBps = Measured.bps(tuned);
            sndbuf = tuned.summary().sndbufGranted();
            rcvbuf = tuned.summary().serverRcvbufGranted();
            StepPlan.Step paced = plan.steps().get(i);
            double rate = config.load().peakBytesPerSecond() / paced.writeSize();
            lag = new LagTrace(rate, paced.writeSize());
            runner.run(i, new TestParams(Mode.ASYNC, paced.writeSize(), 1, paced.duration(), interval(i, plan), false,
                    buffer, rate, Duration.ZERO, config.redoPayload()), lag);
            i++;
        }
        for (; i < plan.steps().size(); i++) {
            StepPlan.Step s = plan.steps().get(i);
            runner.run(i, new TestParams(Mode.SYNC, s.writeSize(), 1, s.duration(), interval(i, plan), s.affirm(), 0,
                    0, Duration.ZERO, config.payload()), RunListener.NONE);
        }
        boolean linux = config.target().transport().epoll();
        boolean clamped = config.async() && Sizing.clamped(buffer, Math.min(sndbuf, rcvbuf), linux);
        Measured m = new Measured(rttMs, minRttMs, capacity, defaultBps, tunedBps, bdp, buffer, sndbuf, rcvbuf,
                clamped, lag, List.copyOf(done));
        return QualifyResult.of(config, startedAt, m);
    }

    private TestParams stream(StepPlan plan, int i, int connections, long sockbuf) {
        Duration d = plan.steps().get(i).duration();
        Duration warmup = d.dividedBy(5);
        return new TestParams(Mode.ASYNC, STREAM_MESSAGE, connections, d.minus(warmup), interval(i, plan), false,
                sockbuf, 0, warmup, config.payload());
    }

    /** One-second intervals, finer for short steps so each has a few. */
    private static Duration interval(int i, StepPlan plan) {
        Duration d = plan.steps().get(i).duration();
        return d.compareTo(Duration.ofSeconds(5)) < 0 ? Duration.ofMillis(250) : Duration.ofSeconds(1);
    }

    /** Runs one step's test against the target and records it. */
    private final class Runner {
        private final StepPlan plan;
        private final Progress progress;
        private final List<Measured.StepResult> done;

        Runner(StepPlan plan, Progress progress, List<Measured.StepResult> done) {
            this.plan = plan;
            this.progress = progress;
            this.done = done;
        }

        TestResult run(int index, TestParams params, RunListener listener) throws InterruptedException {
            StepPlan.Step step = plan.steps().get(index);
            progress.step(index + 1, plan.steps().size(), step);
            Target target = config.target();
            TestResult r = new RedoClient(new RedoConfig(target, params)).run(listener);
            done.add(new Measured.StepResult(step, r));
            return r;
        }
    }
}
