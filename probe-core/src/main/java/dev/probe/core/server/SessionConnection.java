package dev.probe.core.server;

import io.netty.channel.Channel;

/**
 * One connection of a session, as a feature's data handler sees it: the session, the connection's index and
 * counters, its read gate, a disk queue when it needs one, the server's log, and the call that reports it closed.
 */
public final class SessionConnection {
    private final ServerContext server;
    private final ServerSession session;
    private final int index;
    private final Channel channel;
    private final ReadGate gate;
    private DiskQueue diskQueue;

    SessionConnection(ServerContext server, ServerSession session, int index, Channel channel) {
        this.server = server;
        this.session = session;
        this.index = index;
        this.channel = channel;
        this.gate = new ReadGate(channel);
    }

    public ServerSession session() {
        return session;
    }

    public int index() {
        return index;
    }

    public Channel channel() {
        return channel;
    }

    public ReadGate gate() {
        return gate;
    }

    /** What this connection has received, read by the server's reporting. */
    public ReceiveCounters counters() {
        return session.counters(index);
    }

    public ServerLog log() {
        return server.log();
    }

    /** This connection's queue of disk work, on one of the server's disk threads (the same queue each call). */
    public synchronized DiskQueue diskQueue() {
        if (diskQueue == null) {
            diskQueue = new DiskQueue(server.diskThreads().next(), channel, gate, server.diskBacklog(), server.log());
        }
        return diskQueue;
    }

    /** The connection closed, {@code cleanly} after END or not (then {@code why} says how). */
    public void closed(boolean cleanly, String why) {
        server.sessions().connectionClosed(session, index, cleanly, why);
    }
}
