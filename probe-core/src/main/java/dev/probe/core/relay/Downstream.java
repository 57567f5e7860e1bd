package dev.probe.core.relay;

import dev.probe.core.client.ClientConnection;
import dev.probe.core.client.ClientRun;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.client.Worker;
import dev.probe.core.params.RelayParams;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.Ending.End;
import dev.probe.core.protocol.Ending.Result;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Mark;
import dev.probe.core.protocol.Relayed;
import dev.probe.core.tcp.TcpInfoReader;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.util.ReferenceCountUtil;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One next hop of a relay: an ASYNC session to its probe server, opened on a thread of its own before the relay's
 * client gets READY, fed on the client connection's event loop with every message the relay forwards (at most what the
 * hop carries in production, {@link RelayParams.Next#bytesPerSecond}), ended after the client's END; its RESULT
 * completes {@link #result()}. A message that finds the next hop's connection full is not forwarded (counted behind):
 * a Far Sync keeps acknowledging its SYNC client while its ASYNC destination falls behind, and the relay's memory stays
 * bounded by the connection's high water mark.
 */
final class Downstream implements Worker {
    /** What a forwarding schedule lets run ahead: arrival jitter, in seconds of the hop's rate. */
    private static final double AHEAD_S = 0.05;
    private final RelayParams.Next next;
    private final TestParams params;
    private final long frameBytes;
    private final boolean paced;
    private final CompletableFuture<ClientConnection> opened = new CompletableFuture<>();
    private final CompletableFuture<Result> result = new CompletableFuture<>();
    private volatile Thread thread;
    private Channel channel;
    private long startNanos = -1;
    private long latestNanos;
    private long forwardedBytes;
    private long forwardedPayload;
    private long forwardedMessages;
    private long heldMessages;
    private long behindMessages;
    private boolean forwarding;

    /** {@code paced}: the relay's client paces its messages (ASYNC), so they may arrive a little ahead of schedule. */
    Downstream(RelayParams.Next next, TestParams params, boolean paced) {
        this.next = next;
        this.params = params;
        this.paced = paced;
        this.frameBytes = params.length() + Frames.HEADER_LENGTH;
    }

    /** Opens the session to the next hop; completes once it is READY, fails with why it could not be opened. */
    CompletableFuture<ClientConnection> open(Target target) {
        Thread t = new Thread(() -> {
            try {
                List<Result> r = ClientRun.run(target, params, params.length(), "probe-relay", session -> {
                    ClientConnection c = session.connections().get(0);
                    c.handler().start(this, System.nanoTime());
                    opened.complete(c);
                    return session.awaitResults(System.nanoTime() + params.totalDuration()
                            .plus(target.timeout()).multipliedBy(2).toNanos());
                });
                result.complete(r.get(0));
            } catch (ProbeException e) {
                fail(new ProbeException(e.kind(), "next hop " + next + ": " + e.getMessage()));
            } catch (InterruptedException e) {
                fail(new ProbeException(ProbeException.Kind.LOST, "next hop " + next
                        + ": the relay's client went away"));
            } catch (RuntimeException e) {
                fail(e);
            }
        }, "probe-relay-" + next);
        t.setDaemon(true);
        thread = t;
        t.start();
        return opened.thenApply(c -> {
            attach(c.channel());
            return c;
        });
    }

    /** Forwards to {@code c} from now on: the next hop's connection once READY. */
    void attach(Channel c) {
        channel = c;
    }

    private void fail(Exception e) {
        opened.completeExceptionally(e);
        result.completeExceptionally(e);
    }

    /**
     * Forwards one piece of a message the relay received, unless the message is over the hop's schedule: message k
     * goes once k messages of the hop's rate are due since the first arrived (k / rate; from a paced client, plus
     * {@link #AHEAD_S} of its jitter), as the redo is generated: so what the far site acknowledged lags what was due by
     * the relay's and the far hop's time, not by a head start. A late one goes at once, so a client that fell behind is
     * forwarded as it catches up. On the client's event loop. Returns the bytes written to the next hop.
     */
    int forward(DataChunk chunk) {
        long now = System.nanoTime();
        int header = 0;
        if (startNanos < 0) {
            startNanos = now;
        }
        latestNanos = now;
        if (chunk.first()) {
            double elapsed = (now - startNanos) / 1e9;
            double allowed = paced ? next.bytesPerSecond() * (elapsed + AHEAD_S) + 2 * frameBytes
                    : Math.floor(elapsed * next.bytesPerSecond() / frameBytes + 1) * frameBytes;
            boolean due = next.bytesPerSecond() == 0 || forwardedBytes + frameBytes <= allowed;
            forwarding = due && channel.isWritable();
            if (forwarding) {
                channel.write(Unpooled.wrappedBuffer(Frames.dataHeaderBytes(params.length())), channel.voidPromise());
                forwardedBytes += Frames.HEADER_LENGTH;
                header = Frames.HEADER_LENGTH;
            } else if (due) {
                behindMessages++;
            } else {
                heldMessages++;
            }
        }
        if (!forwarding) {
            return header;
        }
        int n = chunk.content().readableBytes();
        channel.write(chunk.content().retainedDuplicate(), channel.voidPromise());
        forwardedBytes += n;
        forwardedPayload += n;
        if (chunk.last()) {
            forwardedMessages++;
            channel.flush();
        }
        return header + n;
    }

    void mark() {
        channel.writeAndFlush(Mark.INSTANCE, channel.voidPromise());
    }

    /** Ends the next hop's session after what was forwarded; its RESULT completes {@link #result()}. */
    void end() {
        channel.flush();
        opened.join().handler().end(new End(forwardedPayload, forwardedMessages), () -> {});
    }

    CompletableFuture<Result> result() {
        return result;
    }

    /**
     * The hop's progress now; {@code delivered}: the bytes its RESULT counted, -1 before it. Its time runs from the
     * test's first data to its latest, so what the hop carried is over the time the client sent: a client that waits
     * for its last acknowledgement, or stalls, before its END gives the relay nothing to forward (a CI run's last
     * frame came 0.37 s after the last data and read 0.96 of a rate the next hop had kept exactly).
     */
    Relayed progress(long delivered) {
        long micros = startNanos < 0 ? 0 : (latestNanos - startNanos) / 1000;
        return new Relayed(next.toString(), micros, forwardedBytes, forwardedMessages, heldMessages, behindMessages,
                channel == null ? null : TcpInfoReader.read(channel).orElse(null), delivered);
    }

    /** Closes the next hop's session (the relay's client went away). */
    void close() {
        if (channel != null) {
            channel.close();
        }
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    @Override
    public void start(long t0) {
    }

    @Override
    public void onInbound(Object msg) {
        ReferenceCountUtil.release(msg);
        opened.join().handler().fail(new ProbeException(ProbeException.Kind.PROTOCOL,
                "unexpected " + msg.getClass().getSimpleName() + " from next hop " + next));
    }

    @Override
    public void onWritable() {
    }

    @Override
    public void stop() {
    }

    @Override
    public String toString() {
        return next.toString();
    }
}
