package dev.probe.core.nfs;

import dev.probe.core.tcp.TcpInfoReader;
import dev.probe.core.transport.Transport;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The connections of one dNFS-style client to nfsd: connection k on path k mod P, as dNFS spreads its processes'
 * connections over oranfstab's paths. When a connection is lost its whole path is taken out (every connection on
 * it given up), as dNFS does, and {@link #live} hands each I/O a connection on a path still up; the faults are kept
 * in words with the time they happened.
 */
public final class NfsLinks implements AutoCloseable {
    private final List<RpcConnection> connections;
    private final List<NfsPath> paths;
    private final AtomicReferenceArray<String> down;
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong reissued = new AtomicLong();
    private final long born = System.nanoTime();

    private NfsLinks(List<RpcConnection> connections, List<NfsPath> paths) {
        this.connections = connections;
        this.paths = paths;
        this.down = new AtomicReferenceArray<>(paths.size());
    }

    /**
     * Opens {@code count} connections to nfsd's {@code port} over {@code paths}; a path that cannot be connected
     * fails the whole call, naming it (a path down before the run is the user's to fix, not a fault to survive).
     */
    public static NfsLinks open(Transport transport, EventLoopGroup group, List<NfsPath> paths, int port, int count,
                                Duration connectTimeout, int maxRecord, Rpc.Credential credential)
            throws InterruptedException {
        List<RpcConnection> made = new ArrayList<>();
        try {
            for (int k = 0; k < count; k++) {
                NfsPath p = paths.get(k % paths.size());
                try {
                    made.add(RpcConnection.open(transport, group, p.from(), new InetSocketAddress(p.remote(), port),
                            connectTimeout, maxRecord, credential));
                } catch (RpcException e) {
                    throw new ConnectionLostException("path " + p + ": " + e.getMessage());
                }
            }
        } catch (RuntimeException | InterruptedException e) {
            made.forEach(RpcConnection::close);
            throw e;
        }
        return new NfsLinks(List.copyOf(made), List.copyOf(paths));
    }

    /** The path connection {@code k} is on: k mod P. */
    private int pathOf(int k) {
        return k % paths.size();
    }

    /** Connection {@code k}, or the next one on a path still up; null when every path is down. */
    public RpcConnection live(int k) {
        for (int i = 0; i < connections.size(); i++) {
            int at = (k + i) % connections.size();
            if (down.get(pathOf(at)) == null) {
                return connections.get(at);
            }
        }
        return null;
    }

    /**
     * TCP's smoothed round trip on connection {@code k} now, milliseconds: the delays its calls meet under load; NaN
     * when TCP_INFO cannot be read (NIO, not Linux).
     */
    public double srttMs(int k) {
        return TcpInfoReader.read(connections.get(k).channel()).map(i -> i.rttUs() / 1000.0).orElse(Double.NaN);
    }

    /** Takes {@code lost}'s path out because of {@code why}: every connection on it is given up (once). */
    public void pathDown(RpcConnection lost, String why) {
        int path = pathOf(connections.indexOf(lost));
        if (!down.compareAndSet(path, null, why)) {
            return;
        }
        events.add(String.format(Locale.ROOT, "path %s down at %.1f s: %s", paths.get(path),
                (System.nanoTime() - born) / 1e9, why));
        for (int k = 0; k < connections.size(); k++) {
            if (pathOf(k) == path) {
                connections.get(k).abandon("path " + paths.get(path) + " was taken out: " + why);
            }
        }
    }

    /** Counts one I/O issued again on a surviving path. */
    void reissued() {
        reissued.incrementAndGet();
    }

    /** I/Os issued again on a surviving path so far. */
    public long reissuedCount() {
        return reissued.get();
    }

    /** What went wrong, in words, in order. */
    public List<String> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    /** Why every path is down, in words. */
    String allDown() {
        return "every path to the server failed (" + String.join("; ", events()) + ")";
    }

    @Override
    public void close() {
        connections.forEach(RpcConnection::close);
    }
}
