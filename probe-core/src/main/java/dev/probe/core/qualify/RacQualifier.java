package dev.probe.core.qualify;

import dev.probe.core.agent.Fanout;
import dev.probe.core.agent.FanoutResult;
import dev.probe.core.agent.HostSummary;
import dev.probe.core.agent.MergedInterval;
import dev.probe.core.client.RunStop;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.qualify.StepPlan.Kind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One pass of a RAC primary's qualification ({@code qualify --from node1,node2}): through an agent on each node, the
 * round trip from each, then one redo stream per instance, each paced at its own instance's peak, all at once with
 * each stream's lag traced (standby to primary with {@code reverse}: the standby's server sends each node its
 * instance's rate), then SYNC at each write size from each node; with a background load, the streams and SYNC again
 * beside it. {@link RacResult} gives a verdict per instance and for the sum. {@link QualifyConfig} checked that there
 * is one rate per node; {@link StepPlan} shares the budget as for one host.
 *
 * @param base the pass (target, the agents on the primary's nodes, instance i on node i, each instance's peak, write
 *             sizes, budget, commit budget, TCP efficiency, payload, direction, load)
 */
record RacQualifier(QualifyConfig base) {
    /** The agents on the primary's nodes. */
    Agents nodes() {
        return base.rac();
    }

    /** Each instance's peak redo rate, bytes/s (--redo-rate's list, or --awr's per-instance peaks). */
    List<Double> rates() {
        return base.instanceRates();
    }

    /** Runs the steps in order; after a stop no further step starts and the result says why. */
    RacResult run(Qualifier.Progress progress, RunStop stop) throws InterruptedException {
        Instant startedAt = Instant.now();
        StepPlan plan = StepPlan.of(base);
        if (base.underLoad() != null) {
            BackgroundLoad.check(base.underLoad(), base.target(), base.payload());
        }
        Pass pass = new Pass(plan, progress, stop);
        int loadedFrom = plan.firstLoaded();
        for (int i = 0; i < loadedFrom && stop.reason() == null; i++) {
            pass.step(i);
        }
        LoadFigures load = loadedFrom < plan.steps().size() && stop.reason() == null ? pass.underLoad(loadedFrom)
                : null;
        return new RacResult(base, startedAt, List.copyOf(pass.done), load,
                stop.reason() != null ? stop.reason() : LoadFigures.failed(load));
    }

    /** The steps of one run and what they measured so far. */
    private final class Pass {
        final StepPlan plan;
        final Qualifier.Progress progress;
        final RunStop stop;
        final List<RacResult.Step> done = new ArrayList<>();
        double rttMs = Double.NaN;

        Pass(StepPlan plan, Qualifier.Progress progress, RunStop stop) {
            this.plan = plan;
            this.progress = progress;
            this.stop = stop;
        }

        void step(int i) throws InterruptedException {
            StepPlan.Step s = plan.steps().get(i);
            progress.step(i + 1, plan.steps().size(), s);
            done.add(s.kind() == Kind.REDO_RATE ? paced(s) : sync(s));
        }

        /** Runs the loaded steps beside the load ({@link BackgroundLoad#beside}) and says what it carried. */
        LoadFigures underLoad(int first) throws InterruptedException {
            Duration steps = Duration.ZERO;
            for (int i = first; i < plan.steps().size(); i++) {
                steps = steps.plus(plan.steps().get(i).duration()).plus(StepPlan.SETUP);
            }
            LoadFigures[] figures = {null};
            BackgroundLoad.beside(base, stop, steps, () -> {
                for (int i = first; i < plan.steps().size() && stop.reason() == null; i++) {
                    step(i);
                }
            }, f -> figures[0] = f);
            return figures[0];
        }

        /** Every instance's stream at once, each at its own peak through a buffer sized for it, lags traced. */
        private RacResult.Step paced(StepPlan.Step s) throws InterruptedException {
            double sum = rates().stream().mapToDouble(Double::doubleValue).sum();
            double rtt = Double.isNaN(rttMs) ? 0.001 : rttMs / 1000;
            long buffer = Sizing.socketBuffer(Sizing.bdpBytes(Sizing.requiredBitsPerSecond(
                    rates().stream().mapToDouble(Double::doubleValue).max().orElse(0), base.tcpEfficiency()), rtt));
            List<LagTrace> lags = new ArrayList<>();
            rates().forEach(x -> lags.add(new LagTrace(x / s.writeSize(), s.writeSize(), base.reverse())));
            FanoutResult r = fanout(TestParams.builder(Mode.ASYNC).length(s.writeSize()).connections(rates().size())
                    .duration(s.duration()).interval(s.interval()).sockbuf(buffer).rate(sum / s.writeSize())
                    .payload(base.redoPayload()).reverse(base.reverse()).build(), merged -> {
                        for (int h = 0; h < merged.perHost().size() && h < lags.size(); h++) {
                            var x = merged.perHost().get(h);
                            lags.get(h).add(x.tSeconds(), x.bytes(), x.messages(), 0);
                        }
                    });
            return new RacResult.Step(s, r, List.copyOf(lags), buffer);
        }

        /** SYNC from every node at once; the round-trip step (0 bytes) also gives the RTT the buffers are sized on. */
        private RacResult.Step sync(StepPlan.Step s) throws InterruptedException {
            boolean trip = s.kind() == Kind.ROUND_TRIP;
            FanoutResult r = fanout(TestParams.builder(Mode.SYNC).length(trip ? 0 : s.writeSize())
                    .connections(rates().size()).duration(s.duration()).interval(s.interval()).write(s.affirm())
                    .payload(base.payload()).build(), merged -> {});
            if (trip) {
                rttMs = r.hosts().stream().map(FanoutResult.Host::summary).filter(Objects::nonNull)
                        .mapToDouble(HostSummary::latencyAvgMs).max().orElse(Double.NaN);
            }
            return new RacResult.Step(s, r, List.of(), 0);
        }

        private FanoutResult fanout(TestParams spec, Consumer<MergedInterval> intervals) throws InterruptedException {
            return new Fanout(nodes().fanout(base.target(), spec, rates())).run(intervals);
        }
    }
}
