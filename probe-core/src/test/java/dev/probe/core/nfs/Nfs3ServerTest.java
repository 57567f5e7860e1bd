package dev.probe.core.nfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.testing.GaneshaServer;
import dev.probe.core.testing.InNamespace;
import dev.probe.core.transport.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44's first piece: probe's user-space NFSv3 side procedures against a real server (nfs-ganesha with rpcbind in a
 * namespace of the test's own): the portmapper names mountd's and nfsd's ports, MNT gives the export's root handle,
 * FSINFO the transfer sizes Oracle checks (rtmax and wtmax at least 32,768), and an export that does not exist is
 * refused in words; blocks written over four connections read back verified (CRC per block) on other connections
 * and are, byte for byte, the file on the server's disk.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class Nfs3ServerTest {
    @TempDir
    Path dir;

    private static RpcConnection open(EventLoopGroup group, int port) throws InterruptedException {
        return RpcConnection.open(Transport.best(), group, new InetSocketAddress("127.0.0.1", port),
                Duration.ofSeconds(5), (1 << 20) + 4096, Rpc.Credential.root("probe"));
    }

    @Test
    void mountAndFsinfoAgainstARealServer() throws Exception {
        String why = GaneshaServer.whyNot();
        assumeTrue(why == null, why);
        Path export = Files.createDirectories(dir.resolve("export"));
        Transport t = Transport.best();
        EventLoopGroup group = t.group(1, "probe-nfs-test");
        try (GaneshaServer server = GaneshaServer.start(Files.createDirectories(dir.resolve("ganesha")), export)) {
            InNamespace.call(server.namespace(), () -> {
                try (RpcConnection portmapper = open(group, 111)) {
                    int mountd = Nfs3.port(portmapper, Nfs3.MOUNT, 3).get(10, TimeUnit.SECONDS);
                    assertEquals(2049, (int) Nfs3.port(portmapper, Nfs3.NFS, 3).get(10, TimeUnit.SECONDS));
                    assertTrue(mountd > 0, "mountd registered");
                    try (RpcConnection mnt = open(group, mountd); RpcConnection nfs = open(group, 2049)) {
                        byte[] root = Nfs3.mount(mnt, export.toString()).get(10, TimeUnit.SECONDS);
                        assertTrue(root.length > 0 && root.length <= 64, "a v3 handle: " + root.length);
                        Nfs3.FsInfo info = Nfs3.fsinfo(nfs, root).get(10, TimeUnit.SECONDS);
                        System.out.println("Nfs3ServerTest: mountd on " + mountd + ", a " + root.length
                                + "-byte root handle, " + info);
                        assertTrue(info.rtmax() >= 32_768 && info.wtmax() >= 32_768, "Oracle's minimum: " + info);
                        assertTrue(info.rtpref() <= info.rtmax() && info.wtpref() <= info.wtmax(), info.toString());
                        ExecutionException e = assertThrows(ExecutionException.class,
                                () -> Nfs3.mount(mnt, "/no/such/export").get(10, TimeUnit.SECONDS));
                        assertTrue(e.getCause() instanceof RpcException
                                && e.getCause().getMessage().startsWith(
                                        "the server refused to mount /no/such/export: "),
                                e.getCause().toString());
                        assertEquals(0, nfs.outstanding());
                    }
                }
                return null;
            });
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    /** A block of {@code size} bytes, block {@code i} of a run: random bytes, their CRC32 in the last 8. */
    private static byte[] block(int i, int size) {
        byte[] b = new byte[size];
        SplittableRandom r = new SplittableRandom(0x5EED + i);
        for (int k = 0; k < size - 8; k += 8) {
            long v = r.nextLong();
            for (int j = 0; j < 8 && k + j < size - 8; j++) {
                b[k + j] = (byte) (v >>> (8 * j));
            }
        }
        CRC32 crc = new CRC32();
        crc.update(b, 0, size - 8);
        ByteBuffer.wrap(b, size - 8, 8).putLong(crc.getValue());
        return b;
    }

    private static boolean verified(ByteBuf data) {
        byte[] b = new byte[data.readableBytes()];
        data.getBytes(data.readerIndex(), b);
        CRC32 crc = new CRC32();
        crc.update(b, 0, b.length - 8);
        return ByteBuffer.wrap(b, b.length - 8, 8).getLong() == crc.getValue();
    }

    @Test
    void blocksWrittenOverFourConnectionsReadBackVerifiedAndAreTheFileOnTheServersDisk() throws Exception {
        String why = GaneshaServer.whyNot();
        assumeTrue(why == null, why);
        Path export = Files.createDirectories(dir.resolve("export"));
        int size = 64 * 1024;
        int blocks = 32;
        EventLoopGroup group = Transport.best().group(2, "probe-nfs-test");
        try (GaneshaServer server = GaneshaServer.start(Files.createDirectories(dir.resolve("ganesha")), export)) {
            InNamespace.call(server.namespace(), () -> {
                List<RpcConnection> conns = new ArrayList<>();
                try (RpcConnection mnt = open(group, 20048)) {
                    for (int c = 0; c < 4; c++) {
                        conns.add(open(group, 2049));
                    }
                    byte[] root = Nfs3.mount(mnt, export.toString()).get(10, TimeUnit.SECONDS);
                    byte[] file = Nfs3Files.create(conns.get(0), root, "probe-nfs.dat").get(10, TimeUnit.SECONDS);
                    List<CompletableFuture<Nfs3Files.Written>> writes = new ArrayList<>();
                    for (int i = 0; i < blocks; i++) {
                        ByteBuf data = Unpooled.wrappedBuffer(block(i, size));
                        writes.add(Nfs3Files.write(conns.get(i % 4), file, (long) i * size, data,
                                Nfs3Files.Stable.UNSTABLE));
                    }
                    for (var w : writes) {
                        assertEquals(size, w.get(10, TimeUnit.SECONDS).count());
                    }
                    Nfs3Files.commit(conns.get(0), file).get(10, TimeUnit.SECONDS);
                    AtomicInteger good = new AtomicInteger();
                    List<CompletableFuture<Nfs3Files.Read>> reads = new ArrayList<>();
                    for (int i = 0; i < blocks; i++) {
                        reads.add(Nfs3Files.read(conns.get((i + 1) % 4), file, (long) i * size, size,
                                d -> good.addAndGet(d.readableBytes() == size && verified(d) ? 1 : 0)));
                    }
                    for (var r : reads) {
                        assertEquals(size, r.get(10, TimeUnit.SECONDS).count());
                    }
                    assertEquals(blocks, good.get(), "every block's CRC holds, read on another connection");
                    byte[] onDisk = Files.readAllBytes(export.resolve("probe-nfs.dat"));
                    assertEquals((long) blocks * size, onDisk.length);
                    for (int i = 0; i < blocks; i++) {
                        assertArrayEquals(block(i, size),
                                Arrays.copyOfRange(onDisk, i * size, (i + 1) * size), "block " + i);
                    }
                    ExecutionException gone = assertThrows(ExecutionException.class,
                            () -> Nfs3Files.lookup(conns.get(0), root, "no-such-file").get(10, TimeUnit.SECONDS));
                    assertTrue(gone.getCause().getMessage().contains("LOOKUP no-such-file failed: no such file"),
                            gone.getCause().getMessage());
                    Nfs3Files.remove(conns.get(0), root, "probe-nfs.dat").get(10, TimeUnit.SECONDS);
                    assertTrue(Files.notExists(export.resolve("probe-nfs.dat")));
                } finally {
                    conns.forEach(RpcConnection::close);
                }
                return null;
            });
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }
}
