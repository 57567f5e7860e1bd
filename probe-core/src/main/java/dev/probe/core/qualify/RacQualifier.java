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
import java.util.function.Consumer;

/**
 * A RAC primary's qualification ({@code qualify --from node1,node2}): through an agent on each node, the round trip
 * from each, then one redo stream per instance, each paced at its own instance's peak, all at once to the standby
 * with each stream's lag traced, then SYNC at each write size from each node. {@link RacResult} gives a verdict per
 * instance and for the sum. {@link QualifyConfig} checked that there is one rate per node.
 *
 * @param base the qualification (target, the agents on the primary's nodes, instance i on node i, each instance's
 *             peak, write sizes, budget, commit budget, TCP efficiency, payload)
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

    /** The steps, the budget shared by {@link StepPlan}'s weights (round trip, the paced streams, each SYNC). */
    StepPlan plan() {
        int syncs = base.sync() ? base.writeSizes().size() * (base.affirm() ? 2 : 1) : 0;
        double weights = StepPlan.weight(Kind.ROUND_TRIP) + (base.async() ? StepPlan.weight(Kind.REDO_RATE) : 0)
                + StepPlan.weight(Kind.SYNC) * syncs;
        double share = Math.max(0, base.budget().minus(StepPlan.SETUP.multipliedBy(2L + syncs)).toMillis()) / weights;
        List<StepPlan.Step> steps = new ArrayList<>();
        steps.add(step(Kind.ROUND_TRIP, share, 0, false));
        if (base.async()) {
            steps.add(step(Kind.REDO_RATE, share, base.writeSizes().get(0), false));
        }
        for (long size : base.sync() ? base.writeSizes() : List.<Long>of()) {
            steps.add(step(Kind.SYNC, share, size, false));
            if (base.affirm()) {
                steps.add(step(Kind.SYNC, share, size, true));
            }
        }
        return new StepPlan(List.copyOf(steps));
    }

    private static StepPlan.Step step(Kind kind, double share, long writeSize, boolean affirm) {
        return new StepPlan.Step(kind, StepPlan.length(share * StepPlan.weight(kind)), writeSize, affirm);
    }

    /** Runs the steps in order; after a stop no further step starts and the result says why. */
    RacResult run(Qualifier.Progress progress, RunStop stop) throws InterruptedException {
        Instant startedAt = Instant.now();
        StepPlan plan = plan();
        int n = plan.steps().size();
        List<RacResult.Step> done = new ArrayList<>();
        List<LagTrace> lags = new ArrayList<>();
        double rttMs = Double.NaN;
        for (int i = 0; i < n && stop.reason() == null; i++) {
            StepPlan.Step s = plan.steps().get(i);
            progress.step(i + 1, n, s);
            Duration interval = s.interval();
            FanoutResult r;
            if (s.kind() == Kind.REDO_RATE) {
                double sum = rates().stream().mapToDouble(Double::doubleValue).sum();
                double rtt = Double.isNaN(rttMs) ? 0.001 : rttMs / 1000;
                long buffer = Sizing.socketBuffer(Sizing.bdpBytes(Sizing.requiredBitsPerSecond(
                        rates().stream().mapToDouble(Double::doubleValue).max().orElse(0), base.tcpEfficiency()), rtt));
                rates().forEach(x -> lags.add(new LagTrace(x / s.writeSize(), s.writeSize())));
                r = fanout(TestParams.builder(Mode.ASYNC).length(s.writeSize()).connections(rates().size())
                        .duration(s.duration()).interval(interval).sockbuf(buffer).rate(sum / s.writeSize())
                        .payload(base.redoPayload()).build(), merged -> {
                            for (int h = 0; h < merged.perHost().size() && h < lags.size(); h++) {
                                var x = merged.perHost().get(h);
                                lags.get(h).add(x.tSeconds(), x.bytes(), x.messages(), 0);
                            }
                        });
            } else {
                boolean trip = s.kind() == Kind.ROUND_TRIP;
                r = fanout(TestParams.builder(Mode.SYNC).length(trip ? 0 : s.writeSize()).connections(rates().size())
                        .duration(s.duration()).interval(interval).write(s.affirm()).payload(base.payload())
                        .build(), merged -> { });
                if (trip) {
                    rttMs = r.hosts().stream().map(FanoutResult.Host::summary).filter(java.util.Objects::nonNull)
                            .mapToDouble(HostSummary::latencyAvgMs).max().orElse(Double.NaN);
                }
            }
            done.add(new RacResult.Step(s, r));
        }
        return new RacResult(base, startedAt, done, List.copyOf(lags), stop.reason());
    }

    private FanoutResult fanout(TestParams spec, Consumer<MergedInterval> intervals) throws InterruptedException {
        return new Fanout(nodes().fanout(base.target(), spec, rates())).run(intervals);
    }
}
