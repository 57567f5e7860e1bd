package dev.probe.core.plan;

import dev.probe.core.client.HostPort;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Payload;
import dev.probe.core.qualify.LagTrace;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TestResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs a plan's hops as production runs them: every destination the primary ships to at once. First each hop's
 * round trip (0-byte SYNC messages, all hops together), then, for the rest of the budget, each hop carrying the
 * redo at the peak rate it must carry ({@link PlanDemand}: compressed where its destination compresses) as a paced
 * stream whose lag is traced, and each SYNC or FASTSYNC hop the log writer's writes back to back, each waiting for
 * its acknowledgement, with the standby's forced write for SYNC (AFFIRM), as qualify's SYNC step measures them. A hop
 * to a site that forwards (a Far Sync, a cascading standby) goes to that site's agent, which receives it and relays it
 * to the site's destinations ({@link PlanRelays}); what each relayed hop carried comes back in the relay's frames.
 */
public final class PlanRunner {
    /** The round-trip phase's share of the budget (at least 3 s, at most 10 s). */
    static final double RTT_SHARE = 0.15;
    /** The catch-up phase's share of the budget, when the plan has an outage. */
    static final double CATCH_UP_SHARE = 0.3;

    /**
     * What a run needs: the checked plan, the connection settings every site's server is reached with (its host and
     * port replaced by the site's), the budget, the log writer's write size, and the content ASYNC and SYNC send.
     */
    public record Config(Plan plan, PlanDemand demand, Target template, Duration budget, long writeSize,
            Payload payload) {
    }

    /** Told as the phases start. */
    public interface Progress {
        void phase(String text);
    }

    private final Config config;
    private final PlanRelays relays;
    private final PlanRac rac;
    /** Hops whose round trip found no probe server, with why: no later phase is run to them. */
    private final Map<Route, String> unreached = new ConcurrentHashMap<>();

    public PlanRunner(Config config) {
        refuseRelays(config.plan());
        this.config = config;
        this.relays = new PlanRelays(config.plan(), config.demand(), config.writeSize());
        this.rac = PlanRac.of(config.plan(), config.template());
    }

    /** A plan whose redo is relayed twice on one path, or forwarded SYNC, is refused in one line naming the route. */
    public static void refuseRelays(Plan plan) {
        PlanRelays.refuseUnbuilt(plan);
    }

    /**
     * Runs the phases within the budget ({@link PlanClock}); a stop ends them early, and what was not measured whole
     * reads INCOMPLETE. A hop whose server failed in one phase is not tried again in the next.
     */
    public PlanResult run(Progress progress, RunStop stop) throws InterruptedException {
        PlanClock clock = new PlanClock(config.budget());
        String primary = config.plan().primary().name();
        List<PlanDemand.Hop> hops = config.demand().hops().stream().filter(h -> h.route().from().equals(primary))
                .toList();
        long budget = config.budget().toMillis();
        Duration rttPlanned = Duration.ofMillis(Math.max(3000, Math.min(10_000, Math.round(budget * RTT_SHARE))));
        boolean outage = !config.plan().outage().isZero();
        Duration catchUpPlanned = outage ? Duration.ofMillis(Math.round(budget * CATCH_UP_SHARE)) : Duration.ZERO;
        Duration redoPlanned = config.budget().minus(rttPlanned).minus(catchUpPlanned).minus(PlanClock.TAIL);
        Duration rttPhase = clock.start(PlanClock.Phase.ROUND_TRIP, rttPlanned, redoPlanned.plus(catchUpPlanned));
        ExecutorService pool = pool(2 * hops.size() + config.demand().backups().size() + relays.relayed().size());
        try {
            if (rac != null) {
                List<Future<Outcome>> backups = backups(pool, rttPhase.plus(redoPlanned.dividedBy(2)), redoPlanned,
                        stop);
                List<PlanResult.HopFigures> figures = rac.run(pool, config, relays, hops, rttPhase, () -> clock.start(
                        PlanClock.Phase.REDO, redoPlanned, catchUpPlanned.plus(PlanClock.FANOUT_SETUP)),
                        progress, stop);
                return PlanResult.of(config, clock, figures, backedUp(backups), stop.reason());
            }
            List<Outcome> rtts = roundTrips(pool, hops, rttPhase, progress, stop);
            Duration redoPhase = clock.start(PlanClock.Phase.REDO, redoPlanned, catchUpPlanned);
            progress.phase(String.format("the redo on every hop at once%s, %d seconds ...",
                    hops.stream().anyMatch(relays::relays) ? ", relayed where a site forwards" : "",
                    redoPhase.toSeconds()));
            List<LagTrace> lags = hops.stream().map(h -> h.route().mode().waits() ? null
                    : new LagTrace(h.carriedBytesPerS() / config.writeSize(), config.writeSize(), false)).toList();
            List<Future<Outcome>> backups = backups(pool, redoPhase.dividedBy(2), redoPhase, stop);
            List<Outcome> redo = all(pool, hops, h -> {
                int i = hops.indexOf(h);
                RunListener relayed = relays.listener(h, rtts.get(i).result() == null ? Double.NaN
                        : rtts.get(i).result().summary().latency().p50());
                return measure(h, redo(h, redoPhase), RunListener.all(relayed, lags.get(i) == null ? RunListener.NONE
                        : lags.get(i)), stop, true);
            });
            List<PlanBackups.Figures> backed = backedUp(backups);
            PlanCatchUp.Found caught = outage && stop.reason() == null
                    ? catchUp(pool, hops, redo, clock.start(PlanClock.Phase.CATCH_UP, catchUpPlanned, Duration.ZERO),
                            progress, stop) : null;
            return PlanResult.of(config, clock, figures(hops, rtts, redo, lags, caught), backed, stop.reason());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The round trip of every hop at once. A server that is not a probe server takes the connection and says
     * nothing: it is waited for no longer than the phase, and no later phase is run to it.
     */
    private List<Outcome> roundTrips(ExecutorService pool, List<PlanDemand.Hop> hops, Duration phase,
                                     Progress progress, RunStop stop) throws InterruptedException {
        progress.phase(String.format("round trip of every hop at once, %d seconds ...", phase.toSeconds()));
        Target quick = config.template().timeout().compareTo(phase.plusSeconds(2)) > 0
                ? config.template().withTimeout(phase.plusSeconds(2)) : config.template();
        List<Outcome> rtts = all(pool, hops, h -> measure(quick, h, roundTrip(phase), RunListener.NONE, stop, false));
        for (int i = 0; i < hops.size(); i++) {
            if (rtts.get(i).result() == null && rtts.get(i).failure() != null) {
                unreached.put(hops.get(i).route(), rtts.get(i).failure());
            }
        }
        return rtts;
    }

    /** Every hop's figures: the primary's {@code hops} from their phases, the relayed ones from their relays. */
    private List<PlanResult.HopFigures> figures(List<PlanDemand.Hop> hops, List<Outcome> rtts, List<Outcome> redo,
                                                List<LagTrace> lags, PlanCatchUp.Found caught) {
        String[] late = caught == null ? new String[hops.size()] : caught.failures();
        List<CatchUp> catchUps = caught == null ? null : caught.direct();
        List<PlanResult.HopFigures> figures = new ArrayList<>();
        for (PlanDemand.Hop h : config.demand().hops()) {
            int i = hops.indexOf(h);
            figures.add(i < 0 ? relayed(h, hops, redo, caught) : new PlanResult.HopFigures(h, rtts.get(i).result(),
                    redo.get(i).result(), lags.get(i), catchUps == null ? null : catchUps.get(i),
                    firstNonNull(rtts.get(i).failure(), redo.get(i).failure()), late[i], null, null));
        }
        return figures;
    }

    private PlanCatchUp.Found catchUp(ExecutorService pool, List<PlanDemand.Hop> hops, List<Outcome> redo,
                                      Duration phase, Progress progress, RunStop stop) throws InterruptedException {
        progress.phase(String.format("the outage's backlog over %d connections per hop beside the redo, %d seconds ...",
                config.plan().gapConnections(), phase.toSeconds()));
        return new PlanCatchUp(config, relays, this::measure).run(pool, hops, h -> redo(h, phase), redo, phase, stop);
    }

    private static ExecutorService pool(int threads) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "probe-plan-hop");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Each Recovery Appliance's archived-log backup, started {@code startAfter} from now (half-way through the redo
     * phase) and run to the phase's end beside every hop's redo, from this host to the appliance's server.
     */
    private List<Future<Outcome>> backups(ExecutorService pool, Duration startAfter, Duration redoPhase, RunStop stop) {
        Duration half = redoPhase.dividedBy(2);
        List<Future<Outcome>> out = new ArrayList<>();
        for (PlanDemand.Backup b : config.demand().backups()) {
            PlanDemand.Hop into = config.demand().hops().stream().filter(h -> h.route().to().equals(b.site()))
                    .findFirst().orElseThrow();
            out.add(pool.submit(() -> {
                Thread.sleep(startAfter.toMillis());
                return stop.reason() != null ? new Outcome(null, "stopped before the backup began")
                        : measure(into, PlanBackups.params(b, half.minusSeconds(1), config.payload()), RunListener.NONE,
                                stop, false);
            }));
        }
        return out;
    }

    private List<PlanBackups.Figures> backedUp(List<Future<Outcome>> backups) throws InterruptedException {
        List<PlanBackups.Figures> out = new ArrayList<>();
        for (int i = 0; i < backups.size(); i++) {
            Outcome o = await(backups.get(i));
            out.add(new PlanBackups.Figures(config.demand().backups().get(i), o.result(), o.failure()));
        }
        return out;
    }

    /** A relayed hop's figures: its relay's trace; a failure of the hop into the relay is its failure too. */
    private PlanResult.HopFigures relayed(PlanDemand.Hop h, List<PlanDemand.Hop> direct, List<Outcome> redo,
                                          PlanCatchUp.Found caught) {
        RelayTrace trace = relays.trace(h.route());
        int into = PlanRelays.into(direct, h);
        String failure = into < 0 ? null : redo.get(into).failure();
        return new PlanResult.HopFigures(h, null, null, trace.lag(), caught == null ? null
                : caught.relayed().get(h.route()), failure, caught == null ? null
                        : caught.relayedFailures().get(h.route()), trace, null);
    }

    private TestParams roundTrip(Duration d) {
        return TestParams.builder(Mode.SYNC).length(0).duration(d).interval(Duration.ofSeconds(1))
                .payload(config.payload()).build();
    }

    private TestParams redo(PlanDemand.Hop h, Duration d) {
        Route.Mode mode = h.route().mode();
        double rate = h.carriedBytesPerS() / config.writeSize();
        TestParams.Builder b = TestParams.builder(mode.waits() ? Mode.SYNC : Mode.ASYNC).length(config.writeSize())
                .duration(d).interval(Duration.ofSeconds(1)).write(mode == Route.Mode.SYNC).payload(config.payload());
        // SYNC back to back, as qualify's SYNC step: the log writer's group commit makes its writes larger as commits
        // pile up, so fixed-size writes paced at the peak would queue where the database does not
        return (mode.waits() ? b : b.rate(rate)).build();
    }

    /** One hop's test and what became of it: its result (null when none came back) or why it failed. */
    record Outcome(TestResult result, String failure) {
    }

    /**
     * Runs one test of hop {@code h}: to the destination's server, or with {@code viaRelay} and a destination that
     * forwards, to its relay (the agent there), which forwards it on.
     */
    private Outcome measure(PlanDemand.Hop h, TestParams params, RunListener listener, RunStop stop, boolean viaRelay)
            throws InterruptedException {
        return measure(config.template(), h, params, listener, stop, viaRelay);
    }

    private Outcome measure(Target template, PlanDemand.Hop h, TestParams params, RunListener listener, RunStop stop,
                            boolean viaRelay) throws InterruptedException {
        String before = unreached.get(h.route());
        if (before != null) {
            return new Outcome(null, before);
        }
        boolean relayed = viaRelay && relays.relays(h);
        HostPort at = relayed ? relays.agent(h) : config.plan().site(h.route().to()).server();
        Target target = template.at(at.host(), at.port());
        RedoConfig redoConfig = relayed ? new RedoConfig(target, params, relays.request(h, params))
                : new RedoConfig(target, params);
        TestResult[] seen = {null};
        try {
            TestResult r = new RedoClient(redoConfig).run(RunListener.all(listener,
                    new RunListener() {
                        @Override
                        public void onFinished(TestResult result) {
                            seen[0] = result;
                        }
                    }), stop);
            return new Outcome(r, null);
        } catch (ProbeException e) {
            return new Outcome(seen[0], h.route() + (relayed ? " (through " + h.route().to() + "'s relay)" : "")
                    + ": " + e.getMessage());
        }
    }

    private interface HopTask {
        Outcome run(PlanDemand.Hop hop) throws InterruptedException;
    }

    private static List<Outcome> all(ExecutorService pool, List<PlanDemand.Hop> hops, HopTask task)
            throws InterruptedException {
        List<Future<Outcome>> running = new ArrayList<>();
        hops.forEach(h -> running.add(pool.submit(() -> task.run(h))));
        List<Outcome> out = new ArrayList<>();
        for (Future<Outcome> f : running) {
            out.add(await(f));
        }
        return out;
    }

    /** A plan task's outcome; a task that threw rethrows its runtime exception here. */
    static <T> T await(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        }
    }

    private static String firstNonNull(String a, String b) {
        return a != null ? a : b;
    }
}
