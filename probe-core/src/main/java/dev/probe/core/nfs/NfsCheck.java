package dev.probe.core.nfs;

import dev.probe.core.disk.DiskResult;
import dev.probe.core.disk.Ladders;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.error.CannotRunException;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.tcp.HostSettings;
import dev.probe.core.transport.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

/**
 * Runs a disk check's profiles on an NFS export from user space, as Direct NFS reaches it: asks the portmapper where
 * mountd and nfsd are, mounts the export, reads FSINFO, times the idle round trip (RPC NULL), writes the test file
 * (incompressible, committed), then measures every profile once per connection count over the paths, passing each
 * point on as it is measured, and removes the file (unless kept). What the server says before any I/O is refused in
 * one line naming {@code --nfs}.
 *
 * <pre>{@code
 * NfsResult r = new NfsCheck(params, Transport.best()).run((connections, point) -> console.point(point));
 * }</pre>
 */
public final class NfsCheck {
    private static final int PORTMAP_PORT = 111;
    private static final int HEADERS = 4096;
    /** The smallest rtmax and wtmax probe can work with: a 4 KiB block (a server claiming less is refused). */
    private static final int MIN_TRANSFER = 4096;
    private final NfsParams params;
    private final Transport transport;
    private final Rpc.Credential credential = Rpc.Credential.root("probe");

    public NfsCheck(NfsParams params, Transport transport) {
        this.params = params;
        this.transport = transport;
    }

    /** What mounting said: nfsd's port, the export's root handle, FSINFO, the idle round trip. */
    record Mounted(int nfsPort, byte[] root, Nfs3.FsInfo info, double rttMs) {
    }

    public NfsResult run(BiConsumer<Integer, LoadPoint> points) throws InterruptedException {
        Instant startedAt = Instant.now();
        EventLoopGroup group = transport.group(Math.min(4, Runtime.getRuntime().availableProcessors()), "probe-nfs");
        try {
            Mounted m = mount(group);
            String name = "probe-nfs-" + HexFormat.of().formatHex(randomBytes(6)) + ".dat";
            List<NfsResult.Column> columns = new ArrayList<>();
            String incomplete = null;
            byte[] file = create(group, m, name);
            try {
                fill(group, m, file);
                for (int n : params.connections()) {
                    columns.add(column(group, m, file, n, points));
                }
            } catch (RpcException e) {
                // every path of a column lost, or the server failing I/Os: the columns measured stand
                if (columns.isEmpty()) {
                    throw new CannotRunException(params.target() + ": " + e.getMessage(), e);
                }
                incomplete = "stopped at " + params.connections().get(columns.size()) + " connections: "
                        + e.getMessage();
            } finally {
                if (!params.disk().keep()) {
                    remove(group, m, name);
                }
            }
            return new NfsResult(startedAt, params, m.info(), m.rttMs(),
                    HostSettings.max(HostSettings.read(Path.of("/proc/sys"), 0).tcpRmem()), columns, incomplete);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private Mounted mount(EventLoopGroup group) throws InterruptedException {
        NfsPath first = params.paths().get(0);
        try (RpcConnection portmapper = open(group, first, PORTMAP_PORT, HEADERS)) {
            int mountd = await(Nfs3.port(portmapper, Nfs3.MOUNT, 3), "the portmapper");
            int nfsd = await(Nfs3.port(portmapper, Nfs3.NFS, 3), "the portmapper");
            if (mountd == 0 || nfsd == 0) {
                throw refused(first.remote() + " registers no NFSv3 " + (nfsd == 0 ? "server" : "MOUNT service")
                        + " over TCP with its portmapper");
            }
            byte[] root;
            try (RpcConnection m = open(group, first, mountd, HEADERS)) {
                root = await(Nfs3.mount(m, params.target().export()), "mountd");
            }
            try (RpcConnection nfs = open(group, first, nfsd, HEADERS)) {
                Nfs3.FsInfo info = await(Nfs3.fsinfo(nfs, root), "FSINFO");
                if (Math.min(info.rtmax(), info.wtmax()) < MIN_TRANSFER) {
                    throw refused("FSINFO says the server takes READs of at most " + info.rtmax() + " and WRITEs of "
                            + "at most " + info.wtmax() + " bytes, under the " + MIN_TRANSFER + " probe needs (Oracle "
                            + "requires " + NfsChecks.ORACLE_MIN + ")");
                }
                return new Mounted(nfsd, root, info, idleRoundTrip(nfs));
            }
        }
    }

    /**
     * The fastest of 21 NULL calls one at a time, milliseconds: the path's round trip with nothing else on it, as TCP's
     * lowest RTT is. Their median also held the hosts' delays: a CI run at load 10 read 10.8 ms on a 2 ms lab link.
     */
    private double idleRoundTrip(RpcConnection nfs) throws InterruptedException {
        double fastest = Double.MAX_VALUE;
        for (int i = 0; i < 21; i++) {
            long t = System.nanoTime();
            await(nfs.ping(Nfs3.NFS, 3), "NULL");
            fastest = Math.min(fastest, (System.nanoTime() - t) / 1e6);
        }
        return fastest;
    }

    private byte[] create(EventLoopGroup group, Mounted m, String name) throws InterruptedException {
        try (RpcConnection nfs = open(group, params.paths().get(0), m.nfsPort(), HEADERS)) {
            return await(Nfs3Files.create(nfs, m.root(), name), "CREATE");
        }
    }

    /** Writes the whole file with incompressible bytes, 16 transfers in flight over the largest column's links. */
    private void fill(EventLoopGroup group, Mounted m, byte[] file) throws InterruptedException {
        int chunk = m.info().maxTransfer();
        long size = params.disk().size();
        int connections = params.connections().get(params.connections().size() - 1);
        try (NfsLinks links = NfsLinks.open(transport, group, params.paths(), m.nfsPort(), connections,
                params.connectTimeout(), chunk + HEADERS, credential)) {
            CompletableFuture<?>[] window = new CompletableFuture<?>[16];
            int k = 0;
            for (long at = 0; at < size; at += chunk, k++) {
                int slot = k % window.length;
                if (window[slot] != null) {
                    await(window[slot], "WRITE");
                }
                ByteBuf data = Unpooled.wrappedBuffer(
                        randomBytes((int) Math.min(chunk, size - at)));
                RpcConnection c = links.live(k);
                if (c == null) {
                    throw refused(links.allDown());
                }
                window[slot] = Nfs3Files.write(c, file, at, data, Nfs3Files.Stable.UNSTABLE);
            }
            for (CompletableFuture<?> f : window) {
                if (f != null) {
                    await(f, "WRITE");
                }
            }
            await(Nfs3Files.commit(links.live(0), file), "COMMIT");
        }
    }

    private NfsResult.Column column(EventLoopGroup group, Mounted m, byte[] file, int n,
                                    BiConsumer<Integer, LoadPoint> points) throws InterruptedException {
        List<LoadPoint> all = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        List<Double> srtt = new ArrayList<>();
        Instant started = Instant.now();
        try (NfsLinks links = NfsLinks.open(transport, group, params.paths(), m.nfsPort(), n, params.connectTimeout(),
                m.info().maxTransfer() + HEADERS, credential)) {
            NfsLoad load = new NfsLoad(links, file, params.disk().size(), params.ioTimeout(), m.info().maxTransfer());
            try {
                Ladders.run(params.disk(), load::run, p -> {
                    all.add(p);
                    cpu.add(load.lastCpuSeconds());
                    srtt.add(links.srttMs(0));
                    points.accept(n, p);
                });
            } catch (IOException e) {
                throw new RpcException(e.getMessage());
            }
            DiskResult r = new DiskResult(started, params.target().uri(), fileSystem(n), 512, params.disk(), all);
            return new NfsResult.Column(n, r, links.reissuedCount(), links.events(), cpu, srtt);
        }
    }

    /** What a column's points ran on, in words. */
    static String fileSystem(int connections) {
        return "nfs3 (user space, " + connections + (connections == 1 ? " connection)" : " connections)");
    }

    private void remove(EventLoopGroup group, Mounted m, String name) throws InterruptedException {
        for (NfsPath p : params.paths()) {
            try (RpcConnection nfs = open(group, p, m.nfsPort(), HEADERS)) {
                await(Nfs3Files.remove(nfs, m.root(), name), "REMOVE");
                return;
            } catch (BadParameterException e) {
                // that path is down: the next may remove it
            }
        }
    }

    private RpcConnection open(EventLoopGroup group, NfsPath p, int port, int maxRecord) throws InterruptedException {
        try {
            return RpcConnection.open(transport, group, p.from(), new InetSocketAddress(p.remote(), port),
                    params.connectTimeout(), maxRecord, credential);
        } catch (RpcException e) {
            throw refused(e.getMessage());
        }
    }

    /**
     * {@code f}'s result within the longer of the I/O and connect timeouts (set-up is not the I/O a path's failover
     * reissues: a server's first calls on a loaded host took over a 1 s --io-timeout); what went wrong in words
     * otherwise.
     */
    private <T> T await(CompletableFuture<T> f, String what) throws InterruptedException {
        boolean io = params.ioTimeout().compareTo(params.connectTimeout()) >= 0;
        long ms = (io ? params.ioTimeout() : params.connectTimeout()).toMillis();
        try {
            return f.get(ms, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw refused(what + " did not answer within " + ms + " ms (" + (io ? "--io-timeout" : "--connect-timeout"
                    + ", the longer: set-up waits as long as a connect may") + ")");
        } catch (ExecutionException e) {
            throw refused(e.getCause() instanceof RpcException ? e.getCause().getMessage()
                    : what + " failed: " + e.getCause());
        }
    }

    private BadParameterException refused(String why) {
        return new BadParameterException("nfs", params.target() + ": " + why);
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        ThreadLocalRandom.current().nextBytes(b);
        return b;
    }
}
