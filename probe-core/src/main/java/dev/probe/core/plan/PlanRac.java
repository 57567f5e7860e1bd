package dev.probe.core.plan;

import dev.probe.core.agent.Fanout;
import dev.probe.core.agent.FanoutConfig;
import dev.probe.core.agent.FanoutResult;
import dev.probe.core.agent.HostSummary;
import dev.probe.core.agent.MergedInterval;
import dev.probe.core.client.HostPort;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.RelayParams;
import dev.probe.core.params.TestParams;
import dev.probe.core.qualify.Agents;
import dev.probe.core.qualify.LagTrace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A RAC primary's hops: every node ships its own instance's redo from its agent ({@code sites.prim.agents}), as each
 * instance's log writer ships its own thread of redo, to each destination at once: its round trip, then the redo
 * (ASYNC: each node paced at its instance's share, its lag traced from what it sent; SYNC: each node's writes back to
 * back, with AFFIRM). A hop's figures are the nodes' summaries ({@link Figures}).
 */
final class PlanRac {
    private final Agents nodes;
    private final List<Double> instances;
    private final double peak;

    /**
     * One hop from a RAC primary.
     *
     * @param rtt  the round trip from every node (null when none came back)
     * @param redo the redo from every node (null when none came back)
     * @param lags an ASYNC hop's lag per instance (empty for SYNC)
     */
    record Figures(FanoutResult rtt, FanoutResult redo, List<LagTrace> lags) {
        /** The nodes that reported a summary. */
        List<HostSummary> summaries(FanoutResult r) {
            return r == null ? List.of() : r.hosts().stream().map(FanoutResult.Host::summary)
                    .filter(Objects::nonNull).toList();
        }

        /** The largest mean round trip of the 0-byte step over the nodes, ms; NaN when none came back. */
        double rttMs() {
            return summaries(rtt).stream().mapToDouble(HostSummary::latencyAvgMs).max().orElse(Double.NaN);
        }

        /** Bytes/s the destination received from every node together. */
        double carriedBytesPerS() {
            return redo == null || redo.durationS() <= 0 ? Double.NaN : redo.bytes() / redo.durationS();
        }
    }

    private PlanRac(Agents nodes, List<Double> instances, double peak) {
        this.nodes = nodes;
        this.instances = List.copyOf(instances);
        this.peak = peak;
    }

    /** The plan's RAC nodes, reached as {@code template} says; null when the primary names no agents. */
    static PlanRac of(Plan plan, Target template) {
        List<HostPort> agents = plan.primary().agents();
        if (agents.isEmpty()) {
            return null;
        }
        return new PlanRac(new Agents("sites." + plan.primary().name() + ".agents", agents, template.security(),
                template.connectTimeout(), template.timeout()), List.copyOf(plan.redo().instancePeaks().values()),
                plan.redo().peakBytesPerSecond());
    }

    int nodes() {
        return instances.size();
    }

    /**
     * The round trip, then the redo, from every node's agent to every destination of the primary at once; a hop whose
     * fan-out failed has its reason. A hop to a site that forwards goes to that site's relay, each node's thread as its
     * own relayed test, and each relayed hop comes back with each node's thread as the relay forwarded it.
     */
    List<PlanResult.HopFigures> run(ExecutorService pool, PlanRunner.Config config, PlanRelays relays,
                                    List<PlanDemand.Hop> hops, Duration rttPhase,
                                    Supplier<Duration> redoPhaseNow, PlanRunner.Progress progress,
                                    RunStop stop) throws InterruptedException {
        progress.phase(String.format("round trip of every hop from each of the %d RAC nodes at once, %d seconds ...",
                nodes(), rttPhase.toSeconds()));
        String[] failures = new String[hops.size()];
        List<Figures> rtts = all(pool, hops, failures, stop, h -> new Figures(run(at(config, h), base(config, Mode.SYNC)
                .length(0).connections(nodes()).duration(rttPhase).build(), shares(h), m -> {}), null, List.of()));
        Duration redoPhase = redoPhaseNow.get();
        progress.phase(String.format("the redo on every hop from each RAC node at once%s, %d seconds ...",
                hops.stream().anyMatch(relays::relays) ? ", each node's thread relayed where a site forwards" : "",
                redoPhase.toSeconds()));
        Map<Route, List<PlanResult.HopFigures>> threads = new LinkedHashMap<>();
        List<Figures> redo = all(pool, hops, failures, stop, h -> redo(config, relays, h, redoPhase,
                rtts.get(hops.indexOf(h)).rtt(), threads));
        List<PlanResult.HopFigures> out = new ArrayList<>();
        for (int i = 0; i < hops.size(); i++) {
            Figures f = redo.get(i).redo() != null ? redo.get(i) : new Figures(rtts.get(i).rtt(), null, List.of());
            out.add(new PlanResult.HopFigures(hops.get(i), null, null, null, null, failures[i], null, null, f));
        }
        for (PlanDemand.Hop h : config.demand().hops()) {
            if (!hops.contains(h)) {
                int into = PlanRelays.into(hops, h); // a failure of the hop into the relay is its failure too
                out.add(new PlanResult.HopFigures(h, null, null, null, null, into < 0 ? null : failures[into], null,
                        null, null,
                        threads.getOrDefault(h.route(), List.of())));
            }
        }
        return out;
    }

    /**
     * The redo from every node: ASYNC each at its instance's share of the hop, SYNC back to back; to a site that
     * forwards, each node's thread relayed, its RELAYED frames into a trace per onward hop and node ({@code threads}).
     */
    private Figures redo(PlanRunner.Config config, PlanRelays relays, PlanDemand.Hop h, Duration d, FanoutResult rtt,
                         Map<Route, List<PlanResult.HopFigures>> threads) throws InterruptedException {
        List<Double> shares = shares(h);
        long writeSize = config.writeSize();
        boolean sync = h.route().mode().waits();
        TestParams.Builder b = base(config, sync ? Mode.SYNC : Mode.ASYNC).length(writeSize)
                .connections(nodes()).duration(d);
        double sum = shares.stream().mapToDouble(Double::doubleValue).sum();
        TestParams spec = sync ? b.write(h.route().mode() == Route.Mode.SYNC).build() : b.rate(sum / writeSize).build();
        List<LagTrace> lags = new ArrayList<>();
        shares.forEach(x -> lags.add(new LagTrace(x / writeSize, writeSize, false)));
        Consumer<MergedInterval> intervals = sync ? m -> {} : m -> {
            for (int i = 0; i < m.perHost().size() && i < lags.size(); i++) {
                lags.get(i).add(m.perHost().get(i).tSeconds(), m.perHost().get(i).bytes(),
                        m.perHost().get(i).messages(), 0);
            }
        };
        FanoutResult r = relays.relays(h) ? relayed(config, relays, h, spec, rtt, intervals, threads)
                : run(at(config, h), spec, shares, intervals);
        return new Figures(rtt, r, sync ? List.of() : List.copyOf(lags));
    }

    /** Each node's thread to the relay at {@code h}'s destination, forwarded to its onward hops at the node's share. */
    private FanoutResult relayed(PlanRunner.Config config, PlanRelays relays, PlanDemand.Hop h, TestParams spec,
                                 FanoutResult rtt, Consumer<MergedInterval> intervals,
                                 Map<Route, List<PlanResult.HopFigures>> threads) throws InterruptedException {
        List<Map<String, RelayTrace>> byNode = new ArrayList<>();
        List<List<RelayParams.Next>> next = new ArrayList<>();
        List<HostSummary> rtts = new Figures(rtt, null, List.of()).summaries(rtt);
        for (int i = 0; i < nodes(); i++) {
            double share = instances.get(i) / peak;
            next.add(relays.next(h, spec, share));
            Map<String, RelayTrace> traces = new LinkedHashMap<>();
            for (PlanDemand.Hop onward : relays.onward(h)) {
                PlanDemand.Hop thread = new PlanDemand.Hop(onward.route(), onward.carriedBytesPerS() * share,
                        onward.requiredBits() * share, onward.compression());
                RelayTrace trace = new RelayTrace(thread, config.writeSize());
                trace.firstHopRtt(i < rtts.size() ? rtts.get(i).latencyAvgMs() : Double.NaN);
                traces.put(relays.frameTarget(onward), trace);
                synchronized (threads) {
                    threads.computeIfAbsent(onward.route(), k -> new ArrayList<>()).add(new PlanResult.HopFigures(
                            thread, null, null, trace.lag(), null, null, null, trace, null));
                }
            }
            byNode.add(traces);
        }
        HostPort agent = relays.agent(h);
        FanoutConfig fan = nodes.fanout(config.template().at(agent.host(), agent.port()), spec, shares(h));
        return new Fanout(fan, next, (host, frame) -> {
            RelayTrace t = host < byNode.size() ? byNode.get(host).get(frame.to()) : null;
            if (t != null) {
                t.add(frame);
            }
        }).run(intervals);
    }

    private interface Task {
        Figures run(PlanDemand.Hop hop) throws InterruptedException;
    }

    /** {@code task} on every hop at once; a hop that fails gets empty figures and its reason in {@code failures}. */
    private static List<Figures> all(ExecutorService pool, List<PlanDemand.Hop> hops, String[] failures, RunStop stop,
                                     Task task) throws InterruptedException {
        Set<Thread> busy = ConcurrentHashMap.newKeySet();
        stop.onRequest(() -> busy.forEach(Thread::interrupt)); // the agents end their runs as their links close
        List<Future<Figures>> running = new ArrayList<>();
        for (PlanDemand.Hop h : hops) {
            running.add(pool.submit(() -> {
                busy.add(Thread.currentThread());
                try {
                    return stop.reason() != null ? new Figures(null, null, List.of()) : task.run(h);
                } catch (ProbeException e) {
                    int i = hops.indexOf(h);
                    failures[i] = failures[i] != null ? failures[i] : h.route() + ": " + e.getMessage();
                    return new Figures(null, null, List.of());
                } catch (InterruptedException e) {
                    return new Figures(null, null, List.of()); // stopped: what the relays reported is kept
                } finally {
                    busy.remove(Thread.currentThread());
                    Thread.interrupted();
                }
            }));
        }
        List<Figures> out = new ArrayList<>();
        for (Future<Figures> f : running) {
            out.add(PlanRunner.await(f));
        }
        return out;
    }

    private static Target at(PlanRunner.Config config, PlanDemand.Hop h) {
        HostPort server = config.plan().site(h.route().to()).server();
        return config.template().at(server.host(), server.port());
    }

    private static TestParams.Builder base(PlanRunner.Config config, Mode mode) {
        return TestParams.builder(mode).interval(Duration.ofSeconds(1)).payload(config.payload());
    }

    /** Each instance's share of what the hop carries (its redo, compressed as the hop compresses). */
    private List<Double> shares(PlanDemand.Hop h) {
        double ratio = h.carriedBytesPerS() / peak;
        return instances.stream().map(x -> x * ratio).toList();
    }

    private FanoutResult run(Target at, TestParams spec, List<Double> shares, Consumer<MergedInterval> intervals)
            throws InterruptedException {
        return new Fanout(nodes.fanout(at, spec, shares)).run(intervals);
    }
}
