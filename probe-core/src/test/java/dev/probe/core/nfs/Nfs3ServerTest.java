package dev.probe.core.nfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.testing.GaneshaServer;
import dev.probe.core.testing.InNamespace;
import dev.probe.core.transport.Transport;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44's first piece: probe's user-space NFSv3 side procedures against a real server (nfs-ganesha with rpcbind in a
 * namespace of the test's own): the portmapper names mountd's and nfsd's ports, MNT gives the export's root handle,
 * FSINFO the transfer sizes Oracle checks (rtmax and wtmax at least 32,768), and an export that does not exist is
 * refused in words.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class Nfs3ServerTest {
    @TempDir
    Path dir;

    private static RpcConnection open(EventLoopGroup group, int port) throws InterruptedException {
        return RpcConnection.open(Transport.best(), group, new InetSocketAddress("127.0.0.1", port),
                Duration.ofSeconds(5), 1 << 20, Rpc.Credential.root("probe"));
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
                                && e.getCause().getMessage().startsWith("the server refused to mount /no/such/export: "),
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
}
