package dev.probe.core.agent;

import dev.probe.core.bulk.BulkClient;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.client.Target;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.BulkResult;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
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
    private Thread thread;

    AgentRun(AgentParams params, AgentConfig config, Consumer<ControlFrame> send) {
        this.params = params;
        this.config = config;
        this.send = send;
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
            java.util.concurrent.atomic.AtomicInteger sent = new java.util.concurrent.atomic.AtomicInteger();
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
            send.accept(AgentMessages.done(started[0], sent.get(), r.summary()));
        } catch (InterruptedException | CancellationException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            send.accept(AgentMessages.failed(params.host() + ":" + params.port() + ": " + e.getMessage()));
        }
    }
}
