package dev.probe.core.objstore.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oracle.bmc.Region;
import com.oracle.bmc.auth.SimpleAuthenticationDetailsProvider;
import com.oracle.bmc.auth.StringPrivateKeySupplier;
import com.oracle.bmc.objectstorage.ObjectStorageClient;
import com.oracle.bmc.objectstorage.model.CreateBucketDetails;
import com.oracle.bmc.objectstorage.requests.CreateBucketRequest;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.client.Egress;
import dev.probe.core.client.ProbeException;
import dev.probe.core.objstore.endpoint.OciSdkEndpointTest;
import dev.probe.core.objstore.endpoint.SignatureVerifier;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.ObjstoreParams;
import dev.probe.core.payload.Payload;
import dev.probe.core.result.ObjstoreResult;
import dev.probe.core.testing.FaultProxy;
import dev.probe.core.testing.FaultProxy.Fault;
import dev.probe.core.testing.RecordingProxy;
import dev.probe.core.testing.TestServers;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.http.conn.socket.PlainConnectionSocketFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code probe objstore} backup and restore through the real OCI SDK against the probe server's endpoint. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ObjstoreClientTest {
    @TempDir
    Path dir;
    private ProbeServer server;
    private final KeyPair key = OciSdkEndpointTest.rsa();

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private String start(String store) throws Exception {
        Path keys = Files.createDirectories(dir.resolve("keys"));
        Files.writeString(keys.resolve("k.pem"), OciSdkEndpointTest.pem("PUBLIC KEY", key.getPublic().getEncoded()));
        server = ProbeServer.start(TestServers.loopback(dir),
                new ObjstoreTestSupport().config(store, keys), line -> {});
        String endpoint = "http://127.0.0.1:" + server.objectStoreAddress().getPort();
        try (ObjectStorageClient c = OciSdkEndpointTest.sdk(key, endpoint)) {
            c.createBucket(CreateBucketRequest.builder().namespaceName("probe").createBucketDetails(
                    CreateBucketDetails.builder().name("backups").compartmentId("ocid1.compartment.oc1..x").build())
                    .build());
        }
        return endpoint;
    }

    private ObjstoreResult run(String endpoint, Direction d, boolean keep, List<Double> progress) throws Exception {
        return run(endpoint, "backups", d, keep, progress);
    }

    private ObjstoreResult run(String endpoint, String bucket, Direction d, boolean keep, List<Double> progress)
            throws Exception {
        return run(endpoint, bucket, d, keep, progress, Payload.RANDOM);
    }

    private ObjstoreResult run(String endpoint, String bucket, Direction d, boolean keep, List<Double> progress,
                               Payload payload) throws Exception {
        return run(endpoint, bucket, d, keep, progress, payload, Egress.DEFAULT);
    }

    private ObjstoreResult run(String endpoint, String bucket, Direction d, boolean keep, List<Double> progress,
                               Payload payload, Egress route) throws Exception {
        BulkParams b = BulkParams.builder(d, "rid").channels(3).volume(40L << 20).pieceSize(16L << 20)
                .interval(Duration.ofMillis(200)).build();
        b = b.withContent(payload, b.salt());
        SimpleAuthenticationDetailsProvider auth = SimpleAuthenticationDetailsProvider.builder()
                .tenantId("ocid1.tenancy.oc1..t").userId("ocid1.user.oc1..u")
                .fingerprint(SignatureVerifier.fingerprint(key.getPublic()))
                .privateKeySupplier(new StringPrivateKeySupplier(OciSdkEndpointTest.pem("PRIVATE KEY",
                        key.getPrivate().getEncoded()))).region(Region.US_ASHBURN_1).build();
        ObjstoreConfig c = new ObjstoreConfig(endpoint, "probe", bucket,
                new ObjstoreParams(b, 4L << 20, "probe/rid/", keep), auth, BulkConfig.PAPER_DB_SIZE, route);
        return new ObjstoreClient(c).run(p -> progress.add(p.gbps()));
    }

    @Test
    void backupThenVerifiedRestoreThroughTheSdkWithADiscardingServer() throws Exception {
        String endpoint = start("discard");
        List<Double> progress = new ArrayList<>();
        ObjstoreResult backup = run(endpoint, Direction.BACKUP, true, progress);
        assertEquals(40L << 20, backup.summary().bytes());
        assertEquals(3, backup.summary().pieces(), "two 16 MiB pieces and a short one");
        assertTrue(backup.operations().get("upload_part").count() == 10, backup.operations().toString());
        assertEquals(3, backup.operations().get("commit_multipart_upload").count());
        assertEquals("objstore", backup.toJson().get("kind").asText());
        assertTrue(backup.summary().projectedMinutes() > 0);
        long intervalBytes = 0;
        long total = 0;
        for (var i : backup.toJson().get("intervals")) {
            intervalBytes += i.get("bytes").asLong();
            assertTrue(i.get("total_bytes").asLong() >= total, "counted as the SDK sends, never backwards");
            total = i.get("total_bytes").asLong();
        }
        assertEquals(40L << 20, intervalBytes, "the intervals count each byte once, retried or not");

        ObjstoreResult restore = run(endpoint, Direction.RESTORE, false, progress);
        assertEquals(40L << 20, restore.summary().bytes());
        assertTrue(restore.summary().verified());
        assertEquals(3, restore.operations().get("get_first_byte").count());
        assertEquals(0, restore.errors());

        ProbeException none = assertThrows(ProbeException.class, () -> run(endpoint, Direction.RESTORE, false,
                progress));
        assertTrue(none.getMessage().contains("no pieces under backups/probe/rid/"), none.getMessage());
    }

    /** Issue 25, point 4: the SDK's connections leave from --bind's address, marked with --dscp. */
    @Test
    void theSdksConnectionsTakeTheRoute() throws Exception {
        String endpoint = start("discard");
        Egress route = new Egress(InetAddress.getByName("127.0.0.2"), 46);
        try (RecordingProxy proxy = new RecordingProxy(server.objectStoreAddress().getPort(), true,
                dir.resolve("capture"), 0)) {
            ObjstoreResult r = run("http://127.0.0.1:" + proxy.port(), "backups", Direction.BACKUP, false,
                    new ArrayList<>(), Payload.RANDOM, route);
            assertEquals(40L << 20, r.summary().bytes());
            assertTrue(!proxy.clients().isEmpty() && proxy.clients().stream()
                    .allMatch(a -> a.getHostAddress().equals("127.0.0.2")), "from --bind's address: " + proxy
                            .clients());
        }
        try (Socket s = new RoutedConnections.Routed(
                PlainConnectionSocketFactory.getSocketFactory(), route).createSocket(null)) {
            assertEquals(46 << 2, s.getTrafficClass(), "EF's TOS byte");
        }
    }

    @Test
    void aMissingBucketIsOneConciseLine() throws Exception {
        String endpoint = start("memory");
        ProbeException e = assertThrows(ProbeException.class,
                () -> run(endpoint, "nope", Direction.BACKUP, false, new ArrayList<>()));
        assertTrue(e.getMessage().startsWith("object storage said 404 BucketNotFound: Either the bucket named 'nope'"),
                e.getMessage());
        assertTrue(e.getMessage().length() < 300 && !e.getMessage().contains("Troubleshooting"), e.getMessage());
    }

    @Test
    void restoreFromAFileStoreVerifiesRealBytes() throws Exception {
        String endpoint = start(dir.resolve("blobs").toString());
        run(endpoint, Direction.BACKUP, true, new ArrayList<>());
        ObjstoreResult restore = run(endpoint, Direction.RESTORE, true, new ArrayList<>());
        assertTrue(restore.summary().verified());
        assertEquals(40L << 20, restore.summary().bytes());
    }

    @Test
    void aFlippedBitInAnUploadedPartIsRefusedByTheDiscardingEndpoint() throws Exception {
        String endpoint = start("discard");
        int port = server.objectStoreAddress().getPort();
        try (FaultProxy proxy = new FaultProxy(port, Fault.flip(0, true, 3_000_000))) {
            ProbeException e = assertThrows(ProbeException.class, () -> run("http://127.0.0.1:" + proxy.port(),
                    Direction.BACKUP, true, new ArrayList<>()));
            assertTrue(e.getMessage().contains("does not match its opc-meta-probe-content"), e.getMessage());
        }
        assertTrue(endpoint.endsWith(String.valueOf(port)));
    }

    @Test
    void aFlippedBitInARestoredObjectIsCaughtByTheClient() throws Exception {
        String endpoint = start(dir.resolve("blobs").toString());
        run(endpoint, Direction.BACKUP, true, new ArrayList<>());
        try (FaultProxy proxy = new FaultProxy(server.objectStoreAddress().getPort(), Fault.flip(0, false,
                5_000_000))) {
            ProbeException e = assertThrows(ProbeException.class, () -> run("http://127.0.0.1:" + proxy.port(),
                    Direction.RESTORE, true, new ArrayList<>()));
            assertEquals(ProbeException.Kind.INTEGRITY, e.kind());
            assertTrue(e.getMessage().contains("CRC32C mismatch"), e.getMessage());
        }
    }

    @Test
    void aFilePayloadIsStoredAndRestoredVerifiedFromTheSameFile() throws Exception {
        String endpoint = start(dir.resolve("blobs").toString());
        Path sample = Files.write(dir.resolve("sample.arc"), "redo ".repeat(300_000).getBytes());
        ObjstoreResult backup = run(endpoint, "backups", Direction.BACKUP, true, new ArrayList<>(),
                Payload.parse("file:" + sample));
        assertEquals("file:" + sample, backup.toJson().get("params").get("payload").asText());
        ObjstoreResult restore = run(endpoint, Direction.RESTORE, true, new ArrayList<>());
        assertTrue(restore.summary().verified());
        assertEquals(40L << 20, restore.summary().bytes());
    }
}
