package dev.probe.core.plan;

import dev.probe.core.agent.Fanout;
import dev.probe.core.client.HostPort;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.qualify.Agents;
import dev.probe.core.qualify.Measured;
import dev.probe.core.qualify.Rules;
import dev.probe.core.result.RunListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * The catch-up phase of a plan's run: on every hop at once its redo as before (relayed where a site forwards), and
 * beside it the outage's backlog over gap resolution's connections (the plan's {@code gap-connections}), unpaced, as
 * archivers send archived logs: from this host to each destination of the primary, until the backlog is acknowledged;
 * and to each relayed destination from its relay's agent (the Far Sync or cascading standby resolves the gaps of the
 * sites it forwards to), for the whole phase, counted as that agent sent it (so its time is the formula's only). {@link CatchUp} reads each.
 */
final class PlanCatchUp {
    /** A gap connection's message: a slice of an archived log. */
    static final long GAP_MESSAGE = 1 << 20;

    /** Runs one test of a hop, as {@link PlanRunner} does. */
    interface Measure {
        PlanRunner.Outcome run(PlanDemand.Hop h, TestParams params, RunListener listener, RunStop stop,
                               boolean viaRelay) throws InterruptedException;
    }

    /**
     * What the phase found.
     *
     * @param direct   each of the primary's hops' catch-up, in order
     * @param relayed  each relayed hop's
     * @param failures why a hop's test failed (by the primary's hops), or null
     * @param relayedFailures why a relayed hop's gap failed, by hop (absent when it did not)
     */
    record Found(List<CatchUp> direct, Map<Route, CatchUp> relayed, String[] failures,
            Map<Route, String> relayedFailures) {
    }

    private final PlanRunner.Config config;
    private final PlanRelays relays;
    private final Measure measure;

    PlanCatchUp(PlanRunner.Config config, PlanRelays relays, Measure measure) {
        this.config = config;
        this.relays = relays;
        this.measure = measure;
    }

    /** {@code redo}: each hop's live redo test for {@code d}; {@code alone}: the redo phase's outcomes. */
    Found run(ExecutorService pool, List<PlanDemand.Hop> hops, Function<PlanDemand.Hop, TestParams> redo,
              List<PlanRunner.Outcome> alone, Duration d, RunStop stop) throws InterruptedException {
        double outage = config.plan().outage().toNanos() / 1e9;
        Map<Route, RelayTrace> live = relays.fresh();
        List<CatchUp.Trace> traces = new ArrayList<>();
        List<Future<PlanRunner.Outcome>> running = new ArrayList<>();
        for (PlanDemand.Hop h : hops) {
            // gap resolution sends the backlog and ends: the gap stops once it is acknowledged (or with the run),
            // the live redo goes on
            RunStop sent = new RunStop();
            stop.onRequest(() -> sent.request(stop.reason()));
            CatchUp.Trace liveTrace = new CatchUp.Trace();
            CatchUp.Trace gap = CatchUp.Trace.until(Math.round(h.carriedBytesPerS() * outage), sent);
            traces.add(liveTrace);
            traces.add(gap);
            RunListener heard = RunListener.all(liveTrace, relays.listener(h, 0, live));
            running.add(pool.submit(() -> measure.run(h, redo.apply(h), heard, stop, true)));
            running.add(pool.submit(() -> measure.run(h, gap(d), gap, sent, false)));
        }
        Map<Route, CatchUp.Trace> relayedGaps = new LinkedHashMap<>();
        Map<Route, Future<String>> relayedRuns = new LinkedHashMap<>();
        for (Route r : relays.relayed()) {
            relayedGaps.put(r, new CatchUp.Trace());
            relayedRuns.put(r, pool.submit(() -> relayedGap(r, d, relayedGaps.get(r))));
        }
        List<PlanRunner.Outcome> outcomes = new ArrayList<>();
        for (Future<PlanRunner.Outcome> f : running) {
            outcomes.add(PlanRunner.await(f));
        }
        String[] failures = new String[hops.size()];
        List<CatchUp> out = new ArrayList<>();
        for (int i = 0; i < hops.size(); i++) {
            PlanRunner.Outcome liveOutcome = outcomes.get(2 * i);
            String failed = liveOutcome.failure();
            failures[i] = failed != null ? failed : outcomes.get(2 * i + 1).failure();
            out.add(direct(hops.get(i), traces.get(2 * i + 1), traces.get(2 * i), liveOutcome, alone.get(i), outage));
        }
        Map<Route, CatchUp> relayed = new LinkedHashMap<>();
        Map<Route, String> relayedFailures = new LinkedHashMap<>();
        for (Route r : relays.relayed()) {
            String failed = PlanRunner.await(relayedRuns.get(r));
            if (failed != null) {
                relayedFailures.put(r, failed);
            }
            relayed.put(r, relayed(r, relayedGaps.get(r), live.get(r), outage));
        }
        return new Found(out, relayed, failures, relayedFailures);
    }

    /** A relayed hop's catch-up: its gap from the relay's agent, its live redo as the far site acknowledged it. */
    private CatchUp relayed(Route r, CatchUp.Trace gap, RelayTrace live, double outage) {
        double rate = config.demand().hops().stream().filter(h -> h.route().equals(r)).findFirst().orElseThrow()
                .carriedBytesPerS();
        RelayTrace redo = relays.trace(r);
        // a far site short of the redo with its own lag flat took all that reached the relay: its own ceiling was not
        // met, so what it carried alone is not measured (a CI run's "never catches up" was the redo reaching fs1 late)
        double alone = redo.hopLagFlat() && !Rules.keepsUp(redo.carriedBytesPerS(), rate) ? Double.NaN
                : redo.carriedBytesPerS();
        return CatchUp.of(rate * outage, rate, gap, live.delivered(), alone, Double.NaN, false)
                .withLive(live.carriedBytesPerS()).countedAsSent();
    }

    /**
     * One of the primary's hops' catch-up, its live redo measured beside the gap whatever the mode (not measured when
     * its test failed); a SYNC hop's write time beside the gap judged too.
     */
    private static CatchUp direct(PlanDemand.Hop h, CatchUp.Trace gap, CatchUp.Trace live, PlanRunner.Outcome beside,
                                  PlanRunner.Outcome alone, double outage) {
        double rate = h.carriedBytesPerS();
        boolean sync = h.route().mode().waits();
        return CatchUp.of(rate * outage, rate, gap, beside.result() == null ? null : live, bytesPerS(alone),
                sync ? PlanVerdicts.p99(beside.result()) : Double.NaN, sync);
    }

    /** The gap to a relayed destination, from its relay's agent; null, or why it failed. */
    private String relayedGap(Route r, Duration d, CatchUp.Trace gap) throws InterruptedException {
        Site from = config.plan().site(r.from());
        HostPort to = config.plan().site(r.to()).server();
        Target template = config.template();
        Agents agent = new Agents("sites." + from.name() + ".agent", List.of(from.agents().get(0)),
                template.security(), template.connectTimeout(), template.timeout());
        double[] sum = {0};
        try {
            new Fanout(agent.fanout(template.at(to.host(), to.port()), gap(d), List.of())).run(m -> {
                sum[0] += m.all().bytes();
                gap.add(m.tSeconds(), sum[0]);
            });
            return null;
        } catch (ProbeException e) {
            return r + " (the gap from " + from.name() + "'s agent): " + e.getMessage();
        }
    }

    private TestParams gap(Duration d) {
        return TestParams.builder(Mode.ASYNC).length(GAP_MESSAGE).connections(config.plan().gapConnections())
                .duration(d).interval(Duration.ofMillis(200)).payload(config.payload()).build();
    }

    private static double bytesPerS(PlanRunner.Outcome o) {
        return o.result() == null ? Double.NaN : Measured.bps(o.result()) / 8;
    }

}
