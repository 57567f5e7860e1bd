package dev.probe.core.disk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.ClientConnection;
import dev.probe.core.client.ClientRun;
import dev.probe.core.client.Heartbeat;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.client.Worker;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.Frames;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * A check run by a probe server at the far end ({@code probe disk --at HOST}, with or without {@code --nfs}): the
 * ordinary handshake (secret, TLS), then the server's DISK frames, each point's body to {@code points} as it comes,
 * and the body of its {@code done} frame returned. The client pings every 10 s (the server's idle timeout would
 * otherwise end a long check) and gives up when the server sends nothing for two points plus the network timeout.
 */
public final class RemoteCheck {
    private RemoteCheck() {
    }

    /** Runs {@code spec} at {@code target}; {@code point} is one point's length (what silence is measured by). */
    public static ObjectNode run(Target target, SessionSpec spec, Duration point, Consumer<ObjectNode> points)
            throws InterruptedException {
        Listener listener = new Listener(points);
        return ClientRun.run(target, spec, Frames.MAX_CONTROL_LENGTH, "probe-check", session -> {
            ClientConnection c = session.connections().get(0);
            c.handler().start(listener, System.nanoTime());
            long silence = 2 * point.toNanos() + target.timeout().toNanos();
            Heartbeat.await(listener.outcome, () -> {
                if (System.nanoTime() - listener.lastHeard > silence) {
                    throw new ProbeException(ProbeException.Kind.TIMEOUT, target.host() + " sent nothing for "
                            + silence / 1_000_000_000 + " s during the check");
                }
                c.channel().writeAndFlush(DiskMessages.ping());
            });
            try {
                return listener.outcome.get().body();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r
                        : new ProbeException(ProbeException.Kind.PROTOCOL, String.valueOf(e.getCause()));
            }
        });
    }

    /** Hears the server's DISK frames on the event loop. */
    private static final class Listener implements Worker {
        final CompletableFuture<ControlFrame> outcome = new CompletableFuture<>();
        final Consumer<ObjectNode> points;
        volatile long lastHeard = System.nanoTime();

        Listener(Consumer<ObjectNode> points) {
            this.points = points;
        }

        @Override
        public void start(long t0) {
        }

        @Override
        public void onInbound(Object msg) {
            lastHeard = System.nanoTime();
            if (!(msg instanceof ControlFrame f)) {
                ReferenceCountUtil.release(msg);
                fail("the server sent data during a check");
                return;
            }
            try {
                switch (DiskMessages.op(f)) {
                    case DiskMessages.POINT -> points.accept(f.body());
                    case DiskMessages.DONE -> outcome.complete(f);
                    case DiskMessages.FAILED -> fail(f.body().path("message").asText());
                    default -> fail("the server sent '" + DiskMessages.op(f) + "'");
                }
            } catch (BadParameterException e) {
                fail("the server sent a bad frame: " + e.getMessage());
            }
        }

        private void fail(String why) {
            outcome.completeExceptionally(new ProbeException(ProbeException.Kind.REFUSED, why));
        }

        @Override
        public void onWritable() {
        }

        @Override
        public void stop() {
            if (!outcome.isDone()) {
                outcome.completeExceptionally(new ProbeException(ProbeException.Kind.LOST,
                        "the server closed the connection during the check"));
            }
        }
    }
}
