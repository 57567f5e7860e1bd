package dev.probe.core.agent;

import dev.probe.core.bulk.BulkClient;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.client.Target;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.BulkResult;
import dev.probe.core.result.BulkSummary;
import dev.probe.core.server.ServerLog;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * An agent's run: opens the bulk session to the one target the coordinator named at once, starts moving data at
 * the start instant on this host's clock (so connecting and joining channels do not skew the start), and reports each interval and the outcome through {@code send}. {@link #cancel()}
 * (the coordinator went away) interrupts it, which closes its connections.
 */
final class AgentRun {
    private final AgentParams params;
    private final AgentConfig config;
    private final Consumer<ControlFrame> send;
    private final ServerLog log;
    private final String name;
    private volatile boolean finished;
    private Thread thread;

    /** {@code name} (the session's short id) labels its lines in the agent's {@code log}. */
    AgentRun(AgentParams params, AgentConfig config, Consumer<ControlFrame> send, ServerLog log, String name) {
        this.params = params;
        this.config = config;
        this.send = send;
        this.log = log;
        this.name = name;
    }

    /** True once the run reported its outcome (DONE); a control connection closing after that is clean. */
    boolean finished() {
        return finished;
    }

    void startAt(long atMicros) {
        thread = new Thread(() -> run(atMicros), "probe-agent-run");
        thread.setDaemon(true);
        thread.start();
    }

    void cancel() {
        if (thread != null) {
            thread.interrupt();
        }
    }

    private void run(long atMicros) {
        try {
            Target target = new Target(params.host(), params.port(), config.connectTimeout(), config.timeout(),
                    config.targets(), config.transport());
            long[] started = {AgentMessages.nowMicros()};
            AtomicInteger sent = new AtomicInteger();
            BulkResult r = new BulkClient(new BulkConfig(target, params.bulk(), BulkConfig.PAPER_DB_SIZE))
                    .run(new BulkListener() {

                        /** The session is open (connections joined) before the instant; data starts at it. */
                        @Override
                        public void onReady(Ready ready) {
                            long wait = atMicros - AgentMessages.nowMicros();
                            if (wait > 0) {
                                try {
                                    TimeUnit.MICROSECONDS.sleep(wait);
                                } catch (InterruptedException e) {
                                    throw new CancellationException("the coordinator went away");
                                }
                            }
                            started[0] = AgentMessages.nowMicros();
                        }

                        @Override
                        public void onProgress(BulkProgress p) {
                            send.accept(AgentMessages.interval(sent.getAndIncrement(), p));
                        }
                    });
            BulkSummary s = r.summary();
            log.log(String.format("agent run %s done: %,d bytes to %s:%d in %.3f s = %.3f Gbit/s", name, s.bytes(),
                    params.host(), params.port(), s.durationS(), s.throughputGbps()));
            finished = true;
            send.accept(AgentMessages.done(started[0], sent.get(), s));
        } catch (InterruptedException | CancellationException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            String why = params.host() + ":" + params.port() + ": " + e.getMessage();
            log.log("agent run " + name + " failed: " + why);
            send.accept(AgentMessages.failed(why));
        }
    }
}
