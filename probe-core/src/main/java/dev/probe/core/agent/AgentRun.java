package dev.probe.core.agent;

import dev.probe.core.bulk.BulkClient;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.client.Egress;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.error.UsageException;
import dev.probe.core.objstore.client.ObjstoreClient;
import dev.probe.core.objstore.client.ObjstoreConfig;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.RelayParams;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.protocol.Relayed;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.RunListener;
import dev.probe.core.server.ServerLog;
import dev.probe.core.server.WorkSessionHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * An agent's run: each leg (a run to one server) opens its session at once, on its own thread; when all are open the
 * agent says READY and the legs start moving data at the instant the coordinator then names, on this host's clock
 * ({@link StartGate}: connecting and joining channels do not skew the start); the
 * legs' intervals are merged into this host's, and their summaries into one, reported through {@code send}. A
 * failing leg fails the run. {@link #cancel()} (the coordinator went away) interrupts the legs, which closes
 * their connections.
 */
final class AgentRun implements WorkSessionHandler.Work {
    private final AgentParams params;
    private final AgentConfig config;
    private final Consumer<ControlFrame> send;
    private final ServerLog log;
    private final String name;
    private final List<Thread> legs = new ArrayList<>();
    /** Every leg's clients charge it with each byte they count; past the agent's --max-bytes it stops them. */
    private final RunStop cap;
    private final StartGate gate;
    private volatile boolean finished;
    private Thread thread;

    /** {@code name} (the session's short id) labels its lines in the agent's {@code log}. */
    AgentRun(AgentParams params, AgentConfig config, Consumer<ControlFrame> send, ServerLog log, String name) {
        this.params = params;
        this.config = config;
        this.send = send;
        this.log = log;
        this.name = name;
        this.cap = RunStop.capBytes(config.limits().maxBytes(), String.format("the run moved more than this "
                + "agent's --max-bytes of %,d bytes", config.limits().maxBytes()));
        this.gate = new StartGate(params.legs().size(), () -> send.accept(AgentMessages.ready()));
    }

    /** True once the run reported its outcome (DONE); a control connection closing after that is clean. */
    @Override
    public boolean finished() {
        return finished;
    }

    /** Opens every leg's session; once all are open the agent sends READY and the legs wait for the start. */
    void open() {
        thread = new Thread(this::run, "probe-agent-run");
        thread.setDaemon(true);
        thread.start();
    }

    /** The legs, open (or opening), start moving data at {@code atMicros} on this host's clock. */
    void startAt(long atMicros) {
        gate.startAt(atMicros);
    }

    @Override
    public void cancel() {
        gate.cancel();
        if (thread != null) {
            thread.interrupt();
        }
    }

    private void run() {
        AtomicInteger sent = new AtomicInteger();
        MergedTimeline timeline = new MergedTimeline(params.legs().size(),
                m -> send.accept(AgentMessages.interval(sent.getAndIncrement(), m.all())));
        List<CompletableFuture<HostSummary>> outcomes = new ArrayList<>();
        CompletableFuture<HostSummary> firstFailure = new CompletableFuture<>();
        for (int i = 0; i < params.legs().size(); i++) {
            outcomes.add(startLeg(i, timeline, firstFailure));
        }
        try {
            // the first leg to fail fails the run at once; the others are stopped below
            CompletableFuture.anyOf(CompletableFuture.allOf(outcomes.toArray(CompletableFuture[]::new)), firstFailure)
                    .get();
            List<HostSummary> summaries = new ArrayList<>();
            for (CompletableFuture<HostSummary> o : outcomes) {
                summaries.add(o.get());
            }
            HostSummary s = HostSummary.combine(summaries);
            log.log(String.format("agent run %s done: %,d bytes to %s in %.3f s = %.3f Gbit/s", name, s.bytes(),
                    targets(), s.durationS(), s.throughputGbps()));
            finished = true;
            send.accept(AgentMessages.done(gate.started(), sent.get(), s));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (!(cause instanceof CancellationException) && !(cause instanceof InterruptedException)) {
                String why = cause.getMessage() == null ? "the run failed with no reason given (the agent's log has "
                        + "it)" : cause.getMessage();
                log.log("agent run " + name + " failed: " + why);
                send.accept(AgentMessages.failed(why));
            }
        } finally {
            gate.cancel();
            legs.forEach(Thread::interrupt);
        }
    }

    /** Leg {@code leg} on a thread of its own; a failure, or moving more than --max-bytes, fails the run at once. */
    private CompletableFuture<HostSummary> startLeg(int leg, MergedTimeline timeline,
                                                    CompletableFuture<HostSummary> firstFailure) {
        CompletableFuture<HostSummary> outcome = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                HostSummary s = runLeg(params.legs().get(leg),
                        interval -> timeline.add(leg, interval.index(), interval.sample()));
                if (cap.overCap()) {
                    throw new ProbeException(ProbeException.Kind.REFUSED, String.format("%s; stopped at %,d",
                            cap.reason(), cap.charged()));
                }
                outcome.complete(s);
            } catch (Throwable e) {
                outcome.completeExceptionally(e);
                firstFailure.completeExceptionally(e);
            } finally {
                timeline.end(leg);
            }
        }, "probe-agent-leg-" + leg);
        t.setDaemon(true);
        legs.add(t);
        t.start();
        return outcome;
    }

    private String targets() {
        return String.join(", ", params.legs().stream().map(AgentParams.Leg::toString).toList());
    }

    /** An interval of one leg: its index in the leg's run and its figures. */
    private record LegInterval(int index, HostInterval sample) {
    }

    /**
     * Runs one leg as an ordinary client run; its data starts at the gate's instant. A failure keeps its type and
     * kind, its message naming the leg.
     */
    private HostSummary runLeg(AgentParams.Leg leg, Consumer<LegInterval> intervals)
            throws InterruptedException {
        Target target = new Target(leg.host(), leg.port(), config.connectTimeout(), config.timeout(),
                config.targets(), config.transport(), new Egress(config.legsFrom(), params.dscp()));
        AtomicInteger index = new AtomicInteger();
        Consumer<HostInterval> each = i -> intervals.accept(new LegInterval(index.getAndIncrement(), i));
        Runnable atStart = gate::legReady;
        try {
            if (leg.spec() instanceof BulkParams bulk) {
                return runBulk(target, bulk, each, atStart);
            } else if (leg.spec() instanceof ObjstoreLeg objstore) {
                return runObjstore(target, objstore, each, atStart);
            } else if (leg.spec() instanceof TestParams test) {
                return runTest(target, new RedoConfig(target, test), each, atStart);
            } else if (leg.spec() instanceof RelayParams relay) {
                return runTest(target, new RedoConfig(target, relay.test(), relay), each, atStart);
            }
            throw new IllegalArgumentException("an agent has no client for " + leg.spec().getClass().getSimpleName());
        } catch (ProbeException e) {
            throw new ProbeException(e.kind(), leg + ": " + e.getMessage());
        } catch (UsageException e) {
            throw new UsageException(leg + ": " + e.getMessage(), e);
        }
    }

    private HostSummary runBulk(Target target, BulkParams bulk, Consumer<HostInterval> each, Runnable atStart)
            throws InterruptedException {
        return HostSummary.of(new BulkClient(new BulkConfig(target, bulk, BulkConfig.PAPER_DB_SIZE))
                .run(new BulkListener() {
                    @Override
                    public void onReady(Ready ready) {
                        atStart.run();
                    }

                    @Override
                    public void onProgress(BulkProgress p) {
                        each.accept(HostInterval.of(p));
                    }
                }, cap).summary());
    }

    private HostSummary runObjstore(Target target, ObjstoreLeg o, Consumer<HostInterval> each, Runnable atStart)
            throws InterruptedException {
        ObjstoreConfig oc = new ObjstoreConfig(o.endpoint(), o.namespace(), o.bucket(), o.params(), config.oci(),
                BulkConfig.PAPER_DB_SIZE, target.route());
        return HostSummary.of(new ObjstoreClient(oc).run(p -> each.accept(HostInterval.of(p)), atStart, cap, r -> {})
                .summary());
    }

    /** A test, or a relayed one whose relay's RELAYED frames go to the coordinator as they come. */
    private HostSummary runTest(Target target, RedoConfig redo, Consumer<HostInterval> each, Runnable atStart)
            throws InterruptedException {
        return HostSummary.of(new RedoClient(redo).run(new RunListener() {
            @Override
            public void onReady(Ready ready, int sndbufGranted) {
                atStart.run();
            }

            @Override
            public void onInterval(IntervalSample sample) {
                each.accept(HostInterval.of(sample));
            }

            @Override
            public void onRelayed(Relayed relayed) {
                send.accept(AgentMessages.relayed(relayed));
            }
        }, cap).summary(), redo.params().numConn());
    }

}
