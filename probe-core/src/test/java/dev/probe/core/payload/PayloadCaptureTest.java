package dev.probe.core.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oracle.bmc.Region;
import com.oracle.bmc.auth.SimpleAuthenticationDetailsProvider;
import com.oracle.bmc.auth.StringPrivateKeySupplier;
import com.oracle.bmc.objectstorage.ObjectStorageClient;
import com.oracle.bmc.objectstorage.model.CreateBucketDetails;
import com.oracle.bmc.objectstorage.requests.CreateBucketRequest;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.bulk.BulkClient;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.client.Target;
import dev.probe.core.objstore.client.ObjstoreClient;
import dev.probe.core.objstore.client.ObjstoreConfig;
import dev.probe.core.objstore.endpoint.EndpointConfig;
import dev.probe.core.objstore.endpoint.OciSdkEndpointTest;
import dev.probe.core.objstore.endpoint.SignatureVerifier;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.ObjstoreParams;
import dev.probe.core.params.TestParams;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.RunListener;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.testing.RecordingProxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a WAN optimiser between the sites would see: 160 MiB of each kind of stream, captured by a recording proxy
 * on loopback, must not shrink under {@code zstd -3 --long=27} (a 128 MiB window: every repeat within it is found)
 * nor {@code gzip -1}: at least 0.99 of its size remains. A stream that repeated itself at any distance up to the
 * window would repeat at least the last 32 MiB of the capture, a fifth. 256 MiB, as before, found no more (zstd sees
 * no repeat beyond its window) and cost more: the class alone took 49 s, 33 s with 160 MiB (2026-11-29).
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class PayloadCaptureTest {
    private static final long CAPTURE = 160L << 20;
    private static final double AT_LEAST = 0.99;

    @TempDir
    Path dir;
    private ProbeServer server;
    private Path capture;

    @BeforeEach
    void start() throws Exception {
        Path keys = Files.createDirectories(dir.resolve("keys"));
        Files.writeString(keys.resolve("k.pem"), OciSdkEndpointTest.pem("PUBLIC KEY", KEY.getPublic().getEncoded()));
        server = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0, dir.resolve("f"), null),
                new EndpointConfig(0, "discard", "probe", keys, false, null), line -> {});
        capture = dir.resolve("capture.bin");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static final KeyPair KEY = OciSdkEndpointTest.rsa();

    @Test
    void redoAsyncMessagesNeverRepeat() throws Exception {
        try (RecordingProxy proxy = new RecordingProxy(server.address().getPort(), true, capture, CAPTURE)) {
            redo(proxy, TestParams.builder(Mode.ASYNC).length(1 << 20).connections(2).duration(Duration.ofSeconds(20))
                    .rate(rateFor(CAPTURE + (32L << 20), 20, 1 << 20)).build());
            assertIncompressible(proxy);
        }
    }

    @Test
    void redoSyncMessagesNeverRepeat() throws Exception {
        try (RecordingProxy proxy = new RecordingProxy(server.address().getPort(), true, capture, CAPTURE)) {
            redo(proxy, TestParams.builder(Mode.SYNC).length(256 << 10).duration(Duration.ofSeconds(20))
                    .rate(rateFor(CAPTURE + (32L << 20), 20, 256 << 10)).build());
            assertIncompressible(proxy);
        }
    }

    @Test
    void bulkBackupPiecesNeverRepeat() throws Exception {
        try (RecordingProxy proxy = new RecordingProxy(server.address().getPort(), true, capture, CAPTURE)) {
            bulk(proxy, Direction.BACKUP);
            assertIncompressible(proxy);
        }
    }

    @Test
    void bulkRestorePiecesNeverRepeat() throws Exception {
        try (RecordingProxy proxy = new RecordingProxy(server.address().getPort(), false, capture, CAPTURE)) {
            bulk(proxy, Direction.RESTORE);
            assertIncompressible(proxy);
        }
    }

    @Test
    void objectStoragePartsNeverRepeat() throws Exception {
        String direct = "http://127.0.0.1:" + server.objectStoreAddress().getPort();
        try (ObjectStorageClient c = OciSdkEndpointTest.sdk(KEY, direct)) {
            c.createBucket(CreateBucketRequest.builder().namespaceName("probe").createBucketDetails(
                    CreateBucketDetails.builder().name("b").compartmentId("ocid1.compartment.oc1..x").build())
                    .build());
        }
        try (RecordingProxy proxy = new RecordingProxy(server.objectStoreAddress().getPort(), true, capture, CAPTURE)) {
            BulkParams b = BulkParams.builder(Direction.BACKUP, "cap").channels(2).volume(CAPTURE + (16L << 20))
                    .pieceSize(32L << 20).build();
            SimpleAuthenticationDetailsProvider auth = SimpleAuthenticationDetailsProvider.builder()
                    .tenantId("ocid1.tenancy.oc1..t").userId("ocid1.user.oc1..u")
                    .fingerprint(SignatureVerifier.fingerprint(KEY.getPublic()))
                    .privateKeySupplier(new StringPrivateKeySupplier(OciSdkEndpointTest.pem("PRIVATE KEY",
                            KEY.getPrivate().getEncoded()))).region(Region.US_ASHBURN_1).build();
            new ObjstoreClient(new ObjstoreConfig("http://127.0.0.1:" + proxy.port(), "probe", "b",
                    new ObjstoreParams(b, 8L << 20, "cap/", false), auth, BulkConfig.PAPER_DB_SIZE)).run(p -> {});
            assertIncompressible(proxy);
        }
    }

    /** A rate that moves {@code bytes} in {@code seconds}, so a test by duration stops soon after the capture. */
    private static double rateFor(long bytes, int seconds, int length) {
        return bytes / (double) length / seconds * 4;
    }

    private void redo(RecordingProxy proxy, TestParams params) throws Exception {
        Thread run = new Thread(() -> {
            try {
                new RedoClient(new RedoConfig(Target.of("127.0.0.1", proxy.port()), params)).run(RunListener.NONE);
            } catch (Exception e) {
                // stopped once the capture is full
            }
        });
        run.setDaemon(true);
        run.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (proxy.recorded() < CAPTURE && run.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        proxy.close();
        run.join(30_000);
    }

    private void bulk(RecordingProxy proxy, Direction d) throws Exception {
        BulkParams p = BulkParams.builder(d, "capture-" + d.wireName()).channels(2).volume(CAPTURE + (16L << 20))
                .pieceSize(32L << 20).build();
        new BulkClient(new BulkConfig(Target.of("127.0.0.1", proxy.port()), p, BulkConfig.PAPER_DB_SIZE))
                .run(new BulkListener() {});
    }

    private void assertIncompressible(RecordingProxy proxy) throws Exception {
        assertEquals(CAPTURE, proxy.recorded(), "captured 160 MiB");
        double zstd = Compressors.ratio(capture, "zstd", "-3", "--long=27", "-q", "-c");
        double gzip = Compressors.gzipInHalves(capture);
        System.out.printf("capture of %d bytes: zstd -3 --long=27 leaves %.5f, gzip -1 leaves %.5f%n", CAPTURE, zstd,
                gzip);
        assertTrue(zstd >= AT_LEAST, "zstd -3 --long=27 left " + zstd);
        assertTrue(gzip >= AT_LEAST, "gzip -1 left " + gzip);
    }
}
