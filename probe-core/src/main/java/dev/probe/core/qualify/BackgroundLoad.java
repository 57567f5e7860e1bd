package dev.probe.core.qualify;

import dev.probe.core.agent.AgentParams;
import dev.probe.core.agent.Fanout;
import dev.probe.core.agent.FanoutConfig;
import dev.probe.core.bulk.BulkClient;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.client.ClientRun;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.Frames;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TcpStats;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The {@link UnderLoad} running on its own thread while the loaded steps run: its bytes traced as its intervals
 * arrive, so what it carried alone and beside the redo can be read back for any two instants.
 */
final class BackgroundLoad {
    /** Bulk pieces and streaming messages are at most this long on the wire. */
    private static final long FRAME = Math.max(BulkParams.CHUNK, UnderLoad.MESSAGE) + 64;
    private final UnderLoad load;
    private final LoadTrace trace = new LoadTrace();
    private final CompletableFuture<Void> flowing = new CompletableFuture<>();
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private final RunStop stop = new RunStop();
    private long written;
    private long acked;

    private BackgroundLoad(UnderLoad load) {
        this.load = load;
    }

    /**
     * Opens the load's session and closes it again before anything is sent, so a server (or agent) that refuses it
     * fails the qualification before its first step; the refusal names {@code --under-load}.
     */
    static void check(UnderLoad load, Target redoTarget, Payload payload) throws InterruptedException {
        Target target = load.marked(redoTarget);
        SessionSpec spec = load.spec(Duration.ofSeconds(1), payload);
        try {
            if (load.agents() == null) {
                ClientRun.run(target, spec, FRAME, "probe-load-check", s -> null);
                return;
            }
            FanoutConfig fanout = load.fanout(target, spec);
            List<AgentParams> plan = fanout.plan();
            for (int i = 0; i < plan.size(); i++) {
                ClientRun.run(fanout.agentTarget(i), plan.get(i), Frames.MAX_CONTROL_LENGTH, "probe-load-check",
                        s -> null);
            }
        } catch (ProbeException e) {
            throw new ProbeException(e.kind(), "--under-load " + load + ": " + e.getMessage());
        }
    }

    /** Steps run beside the load. */
    @FunctionalInterface
    interface Loaded {
        void run() throws InterruptedException;
    }

    /**
     * Runs {@code loaded} (steps of {@code steps} in all) beside {@code config}'s load: starts it, gives it up to
     * {@link StepPlan#LOAD_RAMP} to settle (its last settled seconds measure it alone), runs the steps, then stops it
     * and hands {@code figures} what it carried, also when a step failed or a stop ended them.
     */
    static void beside(QualifyConfig config, RunStop stop, Duration steps, Loaded loaded,
                       Consumer<LoadFigures> figures) throws InterruptedException {
        Duration length = StepPlan.LOAD_RAMP.plus(StepPlan.SETUP.multipliedBy(4)).plus(steps);
        BackgroundLoad load = start(config.underLoad(), config.target(), config.payload(), length);
        stop.onRequest(() -> load.stop(stop.reason()));
        long loadedFrom = System.nanoTime();
        long aloneFrom = loadedFrom;
        boolean settled = false;
        try {
            load.awaitFlowing(config.target().timeout());
            long flowing = System.nanoTime();
            settled = load.awaitSettled(flowing, StepPlan.LOAD_RAMP);
            loadedFrom = System.nanoTime();
            aloneFrom = Math.max(flowing, loadedFrom - LoadTrace.SETTLED_WINDOWS * LoadTrace.WINDOW_NANOS);
            loaded.run();
        } finally {
            figures.accept(load.finish(aloneFrom, loadedFrom, System.nanoTime(), settled, !config.reverse(),
                    config.load().peakBytesPerSecond() * 8.0, config.target().timeout()));
        }
    }

    /** Starts {@code load} towards the redo's target (in the load's own class) for at most {@code length}. */
    static BackgroundLoad start(UnderLoad load, Target redoTarget, Payload payload, Duration length) {
        Target target = load.marked(redoTarget);
        BackgroundLoad b = new BackgroundLoad(load);
        SessionSpec spec = load.spec(length, payload);
        Thread t = new Thread(() -> b.run(target, spec), "probe-load");
        t.setDaemon(true);
        t.start();
        return b;
    }

    private void run(Target target, SessionSpec spec) {
        try {
            if (load.agents() != null) {
                new Fanout(load.fanout(target, spec)).run(i -> add(i.bytes(), null));
            } else if (spec instanceof BulkParams p) {
                new BulkClient(new BulkConfig(target, p, BulkConfig.PAPER_DB_SIZE)).run(new BulkListener() {
                    @Override
                    public void onProgress(BulkProgress progress) {
                        add(progress.bytes(), progress.tcp());
                    }
                }, stop);
            } else {
                new RedoClient(new RedoConfig(target, (TestParams) spec)).run(new RunListener() {
                    @Override
                    public void onInterval(IntervalSample sample) {
                        add(sample.bytes(), sample.tcp());
                    }
                }, stop);
            }
            ended.complete(null);
        } catch (InterruptedException e) {
            ended.completeExceptionally(e);
        } catch (RuntimeException e) {
            ended.completeExceptionally(e);
        } finally {
            flowing.complete(null);
        }
    }

    /**
     * Traces what the load carried: the bytes its sender's TCP saw acknowledged where the sample has them (a backup
     * writes megabytes ahead into its socket buffers, so bytes written run seconds ahead of the wire), else the
     * bytes the interval counted (received, when this host receives).
     */
    private synchronized void add(long intervalBytes, TcpStats tcp) {
        written += intervalBytes;
        if (load.towardsStandby() && tcp != null && tcp.bytesAcked() > 0) {
            acked = Math.max(acked, tcp.bytesAcked());
        }
        trace.add(System.nanoTime(), acked > 0 ? acked : written);
        flowing.complete(null);
    }

    /** Ends a load from this host now (Ctrl-C): its result is not needed beyond its trace. */
    void stop(String why) {
        stop.request(why == null ? "stopped" : why);
    }

    /** Waits until the load's first interval came back; a load that failed first is a ProbeException. */
    void awaitFlowing(Duration timeout) throws InterruptedException {
        try {
            flowing.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new ProbeException(ProbeException.Kind.TIMEOUT, "--under-load " + load + ": no interval came back "
                    + "within " + timeout.toSeconds() + " s");
        }
        String failed = failure();
        if (failed != null && trace.isEmpty()) {
            throw new ProbeException(ProbeException.Kind.PROTOCOL, "--under-load " + load + ": " + failed);
        }
    }

    /**
     * Waits from {@code since} until the load's one-second rates have settled ({@link LoadTrace#settled}), at least
     * {@link LoadTrace#SETTLED_WINDOWS} seconds and at most {@code most}, or until it ended; true when it settled.
     */
    boolean awaitSettled(long since, Duration most) throws InterruptedException {
        long deadline = since + most.toNanos();
        while (System.nanoTime() < deadline && !ended.isDone() && stop.reason() == null) {
            if (trace.settled(since, System.nanoTime())) {
                return true;
            }
            Thread.sleep(UnderLoad.INTERVAL.toMillis());
        }
        return trace.settled(since, System.nanoTime());
    }

    /** Why the load ended in failure, or null (still running, or ended well). */
    private String failure() {
        if (!ended.isCompletedExceptionally()) {
            return null;
        }
        try {
            ended.getNow(null);
            return null;
        } catch (CompletionException e) {
            return e.getCause() == null ? "failed" : e.getCause().getMessage();
        }
    }

    /**
     * Ends the load (one on agents runs out its length) and says what it carried: alone from {@code aloneFrom} to
     * {@code loadedFrom} ({@code settled}: its rates had settled by then), beside the redo over as long a span at the
     * end of the loaded steps ({@code loadedFrom} to {@code loadedTo}: System.nanoTime() instants, so TCP's start-up
     * beside the redo is left out as it was alone), each the median of one-second windows; {@code redoTowardsStandby}
     * is the redo's direction, for whether the two share one, and {@code redoBps} its rate.
     */
    LoadFigures finish(long aloneFrom, long loadedFrom, long loadedTo, boolean settled, boolean redoTowardsStandby,
                       double redoBps, Duration wait) throws InterruptedException {
        long besideFrom = Math.max(loadedFrom, loadedTo - Math.max(loadedFrom - aloneFrom, LoadTrace.WINDOW_NANOS));
        stop.request("the loaded steps ended");
        try {
            ended.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // the failure is reported below; a load still running past its wait is left to its daemon thread
        }
        return new LoadFigures(load.toString(), load.describe(), trace.medianRate(aloneFrom, loadedFrom),
                trace.medianRate(besideFrom, loadedTo), trace.bytesAt(loadedTo) - trace.bytesAt(loadedFrom), failure(),
                settled, load.towardsStandby() == redoTowardsStandby, redoBps);
    }
}
