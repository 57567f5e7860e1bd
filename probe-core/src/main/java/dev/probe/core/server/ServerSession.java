package dev.probe.core.server;

import dev.probe.core.params.SessionSpec;
import dev.probe.core.units.CpuTime;
import dev.probe.core.units.CpuUsage;
import io.netty.channel.Channel;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Consumer;

/** One test or bulk run on the server: its spec, its connections (joined by session id) and their counters. */
public final class ServerSession {
    private final String id;
    private final Admitted<?> admitted;
    private final SocketAddress peer;
    private final long startNanos = System.nanoTime();
    private volatile CpuTime cpuAtStart = CpuTime.now();
    private final ReceiveCounters[] counters;
    private final Channel[] channels;
    private final List<ScheduledFuture<?>> timers = new ArrayList<>();
    private int joined;
    private int closed;
    private String failure;
    private final RateCap rateCap;

    ServerSession(String id, Admitted<?> admitted, Channel first, long rateCapBytesPerSecond) {
        this.id = id;
        this.admitted = admitted;
        this.rateCap = rateCapBytesPerSecond > 0 ? new RateCap(rateCapBytesPerSecond) : null;
        this.peer = first.remoteAddress();
        this.counters = new ReceiveCounters[admitted.spec().connections()];
        this.channels = new Channel[admitted.spec().connections()];
        for (int i = 0; i < counters.length; i++) {
            counters[i] = new ReceiveCounters();
        }
        channels[0] = first;
        joined = 1;
    }

    String id() {
        return id;
    }

    public String shortId() {
        return id.substring(0, 8);
    }

    /** The session's rate cap, or null. */
    public RateCap rateCap() {
        return rateCap;
    }

    /** What the session runs: its kind with its parameters. */
    Admitted<?> admitted() {
        return admitted;
    }

    /** Counts CPU from now: the client's MARK ends its warm-up (each connection's MARK; they come together). */
    public void restartCpu() {
        cpuAtStart = CpuTime.now();
    }

    /** The server process's CPU since this session opened or its warm-up ended (it serves other sessions too). */
    public CpuUsage cpuSinceStart() {
        return cpuAtStart.until(CpuTime.now());
    }

    public SessionSpec spec() {
        return admitted.spec();
    }

    SocketAddress peer() {
        return peer;
    }

    public ReceiveCounters counters(int index) {
        return counters[index];
    }

    long elapsedNanos() {
        return System.nanoTime() - startNanos;
    }

    /** Adds connection {@code index}; returns a reason it cannot join, or null. */
    synchronized String join(int index, Channel channel) {
        if (index >= channels.length) {
            return "connection index " + index + " is beyond the session's " + channels.length + " connections";
        }
        if (channels[index] != null) {
            return "connection " + index + " has already joined";
        }
        channels[index] = channel;
        joined++;
        return null;
    }

    synchronized boolean allJoined() {
        return joined == channels.length;
    }

    synchronized void addTimer(ScheduledFuture<?> f) {
        timers.add(f);
    }

    private final List<Consumer<String>> onEnd = new ArrayList<>();

    /**
     * Runs {@code action} once the session's last connection has closed, with why it failed (null when every
     * connection ended cleanly). On the event loop of the connection that closed last.
     */
    public synchronized void whenEnded(Consumer<String> action) {
        onEnd.add(action);
    }

    synchronized List<Consumer<String>> endActions() {
        return List.copyOf(onEnd);
    }

    synchronized void cancelTimers() {
        timers.forEach(f -> f.cancel(false));
    }

    /** Records a closed connection; returns true when it was the session's last. */
    synchronized boolean closed(int index, boolean cleanly, String why) {
        if (!cleanly && failure == null) {
            failure = "connection " + index + " " + why + " after " + counters[index].bytes() + " bytes";
        }
        closed++;
        return closed >= joined;
    }

    synchronized List<Channel> channels() {
        List<Channel> list = new ArrayList<>();
        for (Channel c : channels) {
            if (c != null) {
                list.add(c);
            }
        }
        return list;
    }

    synchronized String failure() {
        return failure;
    }

    long totalBytes() {
        long sum = 0;
        for (ReceiveCounters c : counters) {
            sum += c.bytes();
        }
        return sum;
    }

    long totalMessages() {
        long sum = 0;
        for (ReceiveCounters c : counters) {
            sum += c.messages();
        }
        return sum;
    }
}
