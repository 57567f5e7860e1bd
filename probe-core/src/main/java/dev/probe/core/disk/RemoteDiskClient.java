package dev.probe.core.disk;

import dev.probe.core.client.ClientConnection;
import dev.probe.core.client.ClientRun;
import dev.probe.core.client.Heartbeat;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.client.Worker;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.Frames;
import io.netty.util.ReferenceCountUtil;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * A disk check run by a probe server at the far end ({@code probe disk --at HOST}): the ordinary handshake
 * (secret, TLS), then the server's points as they are measured, and its outcome. The client pings every 10 s
 * (the server's idle timeout would otherwise end a long check) and gives up when the server sends nothing for
 * two points plus the network timeout.
 */
public final class RemoteDiskClient {
    private final Target target;
    private final RemoteDiskSpec request;

    public RemoteDiskClient(Target target, RemoteDiskSpec request) {
        this.target = target;
        this.request = request;
    }

    public DiskResult run(Consumer<LoadPoint> points) throws InterruptedException {
        Instant startedAt = Instant.now();
        Listener listener = new Listener(points);
        return ClientRun.run(target, request, Frames.MAX_CONTROL_LENGTH, "probe-disk", session -> {
            ClientConnection c = session.connections().get(0);
            c.handler().start(listener, System.nanoTime());
            long silence = 2 * request.params().point().toNanos() + target.timeout().toNanos();
            Heartbeat.await(listener.outcome, () -> {
                if (System.nanoTime() - listener.lastHeard > silence) {
                    throw new ProbeException(ProbeException.Kind.TIMEOUT, target.host() + " sent nothing for "
                            + silence / 1_000_000_000 + " s during the disk check");
                }
                c.channel().writeAndFlush(DiskMessages.ping());
            });
            try {
                ControlFrame done = listener.outcome.get();
                return new DiskResult(startedAt, target.host() + ":" + done.body().path("dir").asText(request.dir()),
                        done.body().path("file_system").asText(), done.body().path("block_size").asInt(),
                        request.params(), List.copyOf(listener.received));
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r
                        : new ProbeException(ProbeException.Kind.PROTOCOL, String.valueOf(e.getCause()));
            }
        });
    }

    /** Hears the server's DISK frames on the event loop. */
    private static final class Listener implements Worker {
        final CompletableFuture<ControlFrame> outcome = new CompletableFuture<>();
        final List<LoadPoint> received = new ArrayList<>();
        final Consumer<LoadPoint> points;
        volatile long lastHeard = System.nanoTime();

        Listener(Consumer<LoadPoint> points) {
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
                fail("the server sent data during a disk check");
                return;
            }
            try {
                switch (DiskMessages.op(f)) {
                    case DiskMessages.POINT -> {
                        LoadPoint p = LoadPoint.fromJson(f.body());
                        received.add(p);
                        points.accept(p);
                    }
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
                        "the server closed the connection during the disk check"));
            }
        }
    }
}
