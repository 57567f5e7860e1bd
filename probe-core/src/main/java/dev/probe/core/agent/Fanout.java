package dev.probe.core.agent;

import dev.probe.core.client.ClientRun;
import dev.probe.core.client.Heartbeat;
import dev.probe.core.client.HostPort;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.params.RelayParams;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Relayed;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The coordinator of a fan-out run (bulk, or a sync/async test). Opens a control session to every agent (the server's handshake and
 * mutual secret: a refusal by any agent stops the run before any traffic), bounds each agent's clock offset with
 * NTP-style samples, has every agent open its legs' sessions (OPEN, answered by READY), then schedules one start
 * instant just ahead (each agent gets it in its own clock), merges the intervals on
 * one timeline and collects each host's summary.
 *
 * <pre>{@code
 * FanoutResult r = new Fanout(config).run(interval -> console.print(interval));
 * }</pre>
 */
public final class Fanout {
    private static final int CLOCK_SAMPLES = 8;
    /**
     * The start lies this far beyond every agent's READY (and the slowest clock sample's round trip, for the START
     * to arrive): the agents' legs are open by then, so this covers only a busy host's late wake-up.
     */
    static final long START_MARGIN_MICROS = 250_000;
    private final FanoutConfig config;
    private final List<List<RelayParams.Next>> relayTo;
    private final BiConsumer<Integer, Relayed> relayed;

    public Fanout(FanoutConfig config) {
        this(config, List.of(), (host, r) -> {});
    }

    /**
     * A test fanned out to a relay (a RAC primary's nodes to their Far Sync's agent): host {@code i}'s test goes as a
     * relayed one, forwarded to {@code relayTo.get(i)}; {@code relayed} hears each RELAYED frame with the host's index.
     */
    public Fanout(FanoutConfig config, List<List<RelayParams.Next>> relayTo, BiConsumer<Integer, Relayed> relayed) {
        if (!relayTo.isEmpty() && (relayTo.size() != config.from().size() || !(config.total() instanceof TestParams))) {
            throw new BadParameterException("relay", "give one list of next hops per host, for a test");
        }
        this.config = config;
        this.relayTo = List.copyOf(relayTo);
        this.relayed = relayed;
    }

    /** The plan, each host's tests wrapped as relayed ones where a relay is asked. */
    private List<AgentParams> plan() {
        List<AgentParams> plan = config.plan();
        if (relayTo.isEmpty()) {
            return plan;
        }
        List<AgentParams> out = new ArrayList<>();
        for (int h = 0; h < plan.size(); h++) {
            List<AgentParams.Leg> legs = new ArrayList<>();
            for (AgentParams.Leg leg : plan.get(h).legs()) {
                legs.add(new AgentParams.Leg(leg.host(), leg.port(), new RelayParams((TestParams) leg.spec(),
                        relayTo.get(h))));
            }
            out.add(new AgentParams(legs, plan.get(h).dscp()));
        }
        return out;
    }

    /** Runs; {@code intervals} hears each merged interval as soon as every running host has reported it. */
    public FanoutResult run(Consumer<MergedInterval> intervals) throws InterruptedException {
        int hosts = config.from().size();
        List<AgentParams> plan = plan();
        MergedTimeline timeline = new MergedTimeline(hosts, intervals);
        List<AgentLink> links = new ArrayList<>();
        List<CompletableFuture<Void>> opened = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        try {
            for (int i = 0; i < hosts; i++) {
                HostPort agent = config.from().get(i);
                AgentLink link = new AgentLink(i, agent.toString(), timeline, relayed);
                links.add(link);
                CompletableFuture<Void> ready = new CompletableFuture<>();
                opened.add(ready);
                Target target = config.agentTarget(i);
                AgentParams request = plan.get(i);
                Thread t = new Thread(() -> session(target, request, link, ready), "probe-agent-link-" + i);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
            for (CompletableFuture<Void> ready : opened) {
                await(ready);
            }
            List<ClockSample> clocks = new ArrayList<>();
            for (AgentLink link : links) {
                clocks.add(clock(link));
            }
            links.forEach(l -> l.send(AgentMessages.open()));
            awaitEach(links, AgentLink::ready, config.tolerateLost());
            long start = startAfter(clocks);
            for (int i = 0; i < hosts; i++) {
                links.get(i).send(AgentMessages.start(start + clocks.get(i).offsetMicros()));
            }
            awaitEach(links, AgentLink::outcome, config.tolerateLost());
            List<FanoutResult.Host> results = new ArrayList<>();
            for (int i = 0; i < hosts; i++) {
                results.add(host(i, links.get(i), plan.get(i), clocks.get(i), start));
            }
            if (results.stream().allMatch(h -> h.loss() != null)) {
                throw new ProbeException(ProbeException.Kind.LOST, "every agent was lost: " + results.get(0).loss()
                        .reason());
            }
            timeline.flush();
            return new FanoutResult(config.total(), results);
        } finally {
            threads.forEach(Thread::interrupt);
        }
    }

    /** The start on this clock, once every agent is ready: the margin and the slowest round trip from now. */
    static long startAfter(List<ClockSample> clocks) {
        return AgentMessages.nowMicros() + START_MARGIN_MICROS
                + clocks.stream().mapToLong(ClockSample::roundTripMicros).max().orElse(0);
    }

    /** Host {@code i}'s figures, its start on the coordinator's clock; or its loss. */
    private FanoutResult.Host host(int i, AgentLink link, AgentParams request, ClockSample clock, long start)
            throws InterruptedException {
        HostPort from = config.from().get(i);
        List<String> to = request.legs().stream().map(AgentParams.Leg::toString).toList();
        if (link.outcome().isCompletedExceptionally()) {
            return FanoutResult.Host.lost(from, to, config.channelsOf(i), clock,
                    new FanoutResult.Loss(link.lostAt(), reason(link), link.bytesSeen()));
        }
        AgentLink.Outcome o = await(link.outcome());
        return new FanoutResult.Host(from, to, config.channelsOf(i), clock,
                o.startedMicros() - clock.offsetMicros() - start, o.summary(), null);
    }

    /** One agent's control session, open until the agent reports its outcome (or fails). */
    private static void session(Target target, AgentParams request, AgentLink link, CompletableFuture<Void> ready) {
        try {
            ClientRun.run(target, request, Frames.MAX_CONTROL_LENGTH, "probe-agent-" + link.name(), session -> {
                link.attach(session.connections().get(0));
                ready.complete(null);
                try {
                    return link.outcome().get();
                } catch (ExecutionException e) {
                    return null;
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            ProbeException named = new ProbeException(e instanceof ProbeException p ? p.kind()
                    : ProbeException.Kind.PROTOCOL,
                    "agent " + link.name() + ": " + e.getMessage());
            ready.completeExceptionally(named);
            link.outcome().completeExceptionally(named);
        }
    }

    private ClockSample clock(AgentLink link) throws InterruptedException {
        List<ClockSample> samples = new ArrayList<>();
        for (int s = 0; s < CLOCK_SAMPLES; s++) {
            samples.add(link.sample(config.timeout().toMillis()));
        }
        ClockSample best = ClockSample.best(samples);
        if (best.roundTripMicros() / 2 > FanoutConfig.MAX_CLOCK_UNCERTAINTY.toNanos() / 1000) {
            throw new ProbeException(ProbeException.Kind.TIMEOUT, "agent " + link.name()
                    + ": its clock offset cannot be"
                    + " bounded within 100 ms (best round trip of " + CLOCK_SAMPLES + " samples: "
                    + best.roundTripMicros() / 1000 + " ms)");
        }
        return best;
    }

    /**
     * Waits until {@code of} (READY, or the outcome) has completed for every agent, or (unless lost agents are
     * tolerated) throws the first failure as soon as it happens (naming the agent); pings the agents meanwhile, as
     * their control connections are otherwise silent and would trip the idle timeout.
     */
    private static void awaitEach(List<AgentLink> links, Function<AgentLink, CompletableFuture<?>> of,
                                  boolean tolerateLost) throws InterruptedException {
        List<CompletableFuture<?>> all = links.stream().<CompletableFuture<?>> map(of).toList();
        while (true) {
            for (CompletableFuture<?> f : all) {
                if (f.isCompletedExceptionally() && !tolerateLost) {
                    await(f);
                }
            }
            CompletableFuture<?>[] pending = all.stream().filter(f -> !f.isDone()).toArray(CompletableFuture<?>[]::new);
            if (pending.length == 0) {
                return;
            }
            Heartbeat.await(CompletableFuture.anyOf(pending), () -> links.forEach(l -> l.send(AgentMessages.ping())));
        }
    }

    private static String reason(AgentLink link) {
        try {
            link.outcome().getNow(null);
            return "lost";
        } catch (CompletionException e) {
            return e.getCause() == null ? "lost" : e.getCause().getMessage();
        }
    }

    private static <T> T await(CompletableFuture<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new ProbeException(ProbeException.Kind.PROTOCOL, String.valueOf(e.getCause()));
        }
    }
}
