package dev.probe.core.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.ClientConnection;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Worker;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.Json;
import dev.probe.core.protocol.Relayed;
import io.netty.util.ReferenceCountUtil;
import java.time.Instant;
import java.time.LocalTime;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * The coordinator's end of one agent's control connection: takes clock samples, hears READY, sends the start, feeds the
 * agent's intervals into the merged timeline, and completes with the agent's outcome (its summary, or why
 * it failed or was lost, naming the host).
 */
final class AgentLink implements Worker {
    /** What an agent reported at the end: when its data phase began (agent's clock) and its summary. */
    record Outcome(long startedMicros, HostSummary summary) {
    }

    private final int index;
    private final String name;
    private final MergedTimeline timeline;
    private final BiConsumer<Integer, Relayed> relayed;
    private final BlockingQueue<ObjectNode> clock = new LinkedBlockingQueue<>();
    private final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private volatile ClientConnection connection;
    /** On the event loop only: intervals seen, and the outcome held until all the agent sent have arrived. */
    private int intervalsSeen;
    private int intervalsSent = -1;
    private Outcome reported;
    private volatile long bytesSeen;
    private volatile Instant lostAt;

    AgentLink(int index, String name, MergedTimeline timeline) {
        this(index, name, timeline, (host, r) -> {});
    }

    /** {@code relayed} hears each RELAYED frame a relayed leg of this agent heard, with this agent's index. */
    AgentLink(int index, String name, MergedTimeline timeline, BiConsumer<Integer, Relayed> relayed) {
        this.relayed = relayed;
        this.index = index;
        this.name = name;
        this.timeline = timeline;
    }

    String name() {
        return name;
    }

    CompletableFuture<Outcome> outcome() {
        return outcome;
    }

    /** Completes when the agent says its legs are open (READY); exceptionally when it is lost first. */
    CompletableFuture<Void> ready() {
        return ready;
    }

    void attach(ClientConnection c) {
        connection = c;
        c.handler().start(this, System.nanoTime());
    }

    /** One clock exchange; fails when no answer comes within {@code timeoutMs}. */
    ClockSample sample(long timeoutMs) throws InterruptedException {
        long t0 = AgentMessages.nowMicros();
        connection.channel().writeAndFlush(AgentMessages.clockRequest(t0));
        ObjectNode reply = clock.poll(timeoutMs, TimeUnit.MILLISECONDS);
        long t3 = AgentMessages.nowMicros();
        if (reply == null) {
            throw new ProbeException(ProbeException.Kind.TIMEOUT, "agent " + name
                    + " did not answer a clock sample within "
                    + timeoutMs + " ms");
        }
        return new ClockSample(AgentMessages.micros(reply, "t0"), AgentMessages.micros(reply, "t1"),
                AgentMessages.micros(reply, "t2"), t3);
    }

    void send(ControlFrame frame) {
        connection.channel().writeAndFlush(frame);
    }

    @Override
    public void start(long t0) {
    }

    @Override
    public void onInbound(Object msg) {
        if (!(msg instanceof ControlFrame frame)) {
            ReferenceCountUtil.release(msg);
            lost("sent data on its control connection");
            return;
        }
        try {
            ObjectNode b = frame.body();
            switch (AgentMessages.op(frame)) {
                case CLOCK -> clock.offer(b);
                case READY -> ready.complete(null);
                case INTERVAL -> {
                    HostInterval interval = HostInterval.fromJson(b);
                    timeline.add(index, (int) Json.requireLong(b, "i", 0, Integer.MAX_VALUE), interval);
                    intervalsSeen++;
                    bytesSeen += interval.bytes();
                    completeWhenAllArrived();
                }
                case RELAYED -> relayed.accept(index, Relayed.from(Json.requireObject(b, "relayed")));
                case DONE -> {
                    intervalsSent = (int) Json.requireLong(b, "intervals", 0, Integer.MAX_VALUE);
                    reported = new Outcome(AgentMessages.micros(b, "started"),
                            HostSummary.fromJson(Json.requireObject(b, "summary")));
                    completeWhenAllArrived();
                }
                case FAILED -> lost("failed: " + b.path("message").asText());
                default -> lost("sent '" + AgentMessages.op(frame).wire() + "'");
            }
        } catch (BadParameterException e) {
            lost("sent a bad frame: " + e.getMessage());
        }
    }

    /** Intervals and DONE may cross on the way (the agent's reporter and its run are two threads). */
    private void completeWhenAllArrived() {
        if (reported != null && intervalsSeen >= intervalsSent) {
            timeline.end(index);
            outcome.complete(reported);
        }
    }

    /** The bytes of the intervals this agent reported (what it moved before a loss). */
    long bytesSeen() {
        return bytesSeen;
    }

    /** When the agent was lost, or null. */
    Instant lostAt() {
        return lostAt;
    }

    private void lost(String why) {
        if (lostAt == null) {
            lostAt = Instant.now();
        }
        timeline.end(index);
        ProbeException e = new ProbeException(ProbeException.Kind.LOST, "agent " + name + " " + why);
        ready.completeExceptionally(e);
        outcome.completeExceptionally(e);
    }

    @Override
    public void onWritable() {
    }

    /** The connection failed (or was closed after the run): a loss unless the agent had reported its outcome. */
    @Override
    public void stop() {
        if (!outcome.isDone()) {
            lost("lost at " + LocalTime.now().withNano(0) + " (connection closed)");
        }
    }
}
