package dev.probe.core.objstore.endpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oracle.bmc.ClientConfiguration;
import com.oracle.bmc.Region;
import com.oracle.bmc.auth.SimpleAuthenticationDetailsProvider;
import com.oracle.bmc.auth.StringPrivateKeySupplier;
import com.oracle.bmc.model.BmcException;
import com.oracle.bmc.model.Range;
import com.oracle.bmc.objectstorage.ObjectStorageClient;
import com.oracle.bmc.objectstorage.model.CommitMultipartUploadDetails;
import com.oracle.bmc.objectstorage.model.CommitMultipartUploadPartDetails;
import com.oracle.bmc.objectstorage.model.CreateBucketDetails;
import com.oracle.bmc.objectstorage.model.CreateMultipartUploadDetails;
import com.oracle.bmc.objectstorage.requests.AbortMultipartUploadRequest;
import com.oracle.bmc.objectstorage.requests.CommitMultipartUploadRequest;
import com.oracle.bmc.objectstorage.requests.CreateBucketRequest;
import com.oracle.bmc.objectstorage.requests.CreateMultipartUploadRequest;
import com.oracle.bmc.objectstorage.requests.DeleteObjectRequest;
import com.oracle.bmc.objectstorage.requests.GetNamespaceRequest;
import com.oracle.bmc.objectstorage.requests.GetObjectRequest;
import com.oracle.bmc.objectstorage.requests.HeadObjectRequest;
import com.oracle.bmc.objectstorage.requests.ListObjectsRequest;
import com.oracle.bmc.objectstorage.requests.PutObjectRequest;
import com.oracle.bmc.objectstorage.requests.UploadPartRequest;
import com.oracle.bmc.objectstorage.responses.CommitMultipartUploadResponse;
import com.oracle.bmc.objectstorage.responses.GetObjectResponse;
import com.oracle.bmc.objectstorage.responses.UploadPartResponse;
import com.oracle.bmc.retrier.RetryConfiguration;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.testing.TestServers;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The real OCI Java SDK (Jersey 3 client) against the probe server's Object Storage endpoint on 127.0.0.1. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
public class OciSdkEndpointTest {
    private static final String COMPARTMENT = "ocid1.compartment.oc1..probetest";
    @TempDir
    Path dir;
    private ProbeServer server;
    private ObjectStorageClient client;
    private final KeyPair key = rsa();

    public static KeyPair rsa() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048);
            return g.generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    public static ObjectStorageClient sdk(KeyPair key, String endpoint) {
        SimpleAuthenticationDetailsProvider auth = SimpleAuthenticationDetailsProvider.builder()
                .tenantId("ocid1.tenancy.oc1..probetest").userId("ocid1.user.oc1..probetest")
                .fingerprint(SignatureVerifier.fingerprint(key.getPublic()))
                .privateKeySupplier(new StringPrivateKeySupplier(pem("PRIVATE KEY", key.getPrivate().getEncoded())))
                .region(Region.US_ASHBURN_1).build();
        ObjectStorageClient c = ObjectStorageClient.builder()
                .configuration(ClientConfiguration.builder().retryConfiguration(
                        RetryConfiguration.NO_RETRY_CONFIGURATION)
                        .build())
                .build(auth);
        c.setEndpoint(endpoint);
        return c;
    }

    @BeforeEach
    void start() throws Exception {
        Path keys = Files.createDirectories(dir.resolve("keys"));
        Files.writeString(keys.resolve("probe.pem"), pem("PUBLIC KEY", key.getPublic().getEncoded()));
        server = ProbeServer.start(TestServers.loopback(dir),
                new EndpointConfig(0, dir.resolve("blobs").toString(), "probe", keys, false, null),
                line -> {});
        client = sdk(key, "http://127.0.0.1:" + server.objectStoreAddress().getPort());
        client.createBucket(CreateBucketRequest.builder().namespaceName("probe").createBucketDetails(
                CreateBucketDetails.builder().name("b").compartmentId(COMPARTMENT).build()).build());
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private byte[] get(String name, long[] range, String ifMatch) throws Exception {
        GetObjectResponse r = client.getObject(GetObjectRequest.builder().namespaceName("probe").bucketName("b")
                .objectName(name).range(range == null ? null : new Range(range[0], range[1]))
                .ifMatch(ifMatch).build());
        try (InputStream in = r.getInputStream()) {
            return in.readAllBytes();
        }
    }

    @Test
    void namespacePutGetHeadRangeListDelete() throws Exception {
        assertEquals("probe", client.getNamespace(GetNamespaceRequest.builder().build()).getValue());
        byte[] data = random(3_000_000, 1);
        var put = client.putObject(PutObjectRequest.builder().namespaceName("probe").bucketName("b")
                .objectName("dir/one.bin").contentLength((long) data.length).putObjectBody(new ByteArrayInputStream(
                        data))
                .build());
        assertNotNull(put.getETag());
        assertEquals(Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(data)),
                put.getOpcContentMd5());
        assertArrayEquals(data, get("dir/one.bin", null, null));
        var head = client.headObject(HeadObjectRequest.builder().namespaceName("probe").bucketName("b")
                .objectName("dir/one.bin").build());
        assertEquals(data.length, head.getContentLength());
        byte[] part = get("dir/one.bin", new long[] {1000, 1_999_999}, put.getETag());
        assertArrayEquals(Arrays.copyOfRange(data, 1000, 2_000_000), part);
        BmcException ifMatch = assertThrows(BmcException.class, () -> get("dir/one.bin", null, "not-the-etag"));
        assertEquals(412, ifMatch.getStatusCode());
        var list = client.listObjects(ListObjectsRequest.builder().namespaceName("probe").bucketName("b").prefix("dir/")
                .build());
        assertEquals(1, list.getListObjects().getObjects().size());
        assertEquals(data.length, list.getListObjects().getObjects().get(0).getSize());
        client.deleteObject(DeleteObjectRequest.builder().namespaceName("probe").bucketName("b").objectName(
                "dir/one.bin")
                .build());
        BmcException gone = assertThrows(BmcException.class, () -> get("dir/one.bin", null, null));
        assertEquals(404, gone.getStatusCode());
        assertEquals("ObjectNotFound", gone.getServiceCode());
    }

    @Test
    void multipartUploadCommitAndAbort() throws Exception {
        var mpu = client.createMultipartUpload(CreateMultipartUploadRequest.builder().namespaceName("probe").bucketName(
                "b")
                .createMultipartUploadDetails(CreateMultipartUploadDetails.builder().object("piece-0").build()).build())
                .getMultipartUpload();
        ByteArrayOutputStreamHolder whole = new ByteArrayOutputStreamHolder();
        List<CommitMultipartUploadPartDetails> parts = new ArrayList<>();
        for (int n = 1; n <= 3; n++) {
            byte[] data = random(n == 3 ? 500_000 : 1 << 20, n);
            whole.add(data);
            UploadPartResponse r = client.uploadPart(UploadPartRequest.builder().namespaceName("probe").bucketName("b")
                    .objectName("piece-0").uploadId(mpu.getUploadId()).uploadPartNum(n).contentLength(
                            (long) data.length)
                    .uploadPartBody(new ByteArrayInputStream(data)).build());
            parts.add(CommitMultipartUploadPartDetails.builder().partNum(n).etag(r.getETag()).build());
        }
        CommitMultipartUploadResponse commit = client.commitMultipartUpload(CommitMultipartUploadRequest.builder()
                .namespaceName("probe").bucketName("b").objectName("piece-0").uploadId(mpu.getUploadId())
                .commitMultipartUploadDetails(CommitMultipartUploadDetails.builder().partsToCommit(parts).build())
                .build());
        assertTrue(commit.getOpcMultipartMd5().endsWith("-3"), commit.getOpcMultipartMd5());
        assertArrayEquals(whole.bytes(), get("piece-0", null, null));
        assertArrayEquals(Arrays.copyOfRange(whole.bytes(), (1 << 20) - 10, (1 << 20) + 10),
                get("piece-0", new long[] {(1 << 20) - 10, (1 << 20) + 9}, null), "a range across two parts");

        var abort = client.createMultipartUpload(CreateMultipartUploadRequest.builder().namespaceName("probe")
                .bucketName("b").createMultipartUploadDetails(CreateMultipartUploadDetails.builder().object("piece-1")
                        .build()).build()).getMultipartUpload();
        client.abortMultipartUpload(AbortMultipartUploadRequest.builder().namespaceName("probe").bucketName("b")
                .objectName("piece-1").uploadId(abort.getUploadId()).build());
        BmcException gone = assertThrows(BmcException.class, () -> client.uploadPart(UploadPartRequest.builder()
                .namespaceName("probe").bucketName("b").objectName("piece-1").uploadId(abort.getUploadId())
                .uploadPartNum(1).contentLength(3L).uploadPartBody(new ByteArrayInputStream(new byte[3])).build()));
        assertEquals(404, gone.getStatusCode());
        assertEquals("NoSuchUpload", gone.getServiceCode());
    }

    @Test
    void unknownBucketIs404AndAWrongKeyIs401() {
        BmcException missing = assertThrows(BmcException.class, () -> client.putObject(PutObjectRequest.builder()
                .namespaceName("probe").bucketName("nope").objectName("x").contentLength(3L)
                .putObjectBody(new ByteArrayInputStream(new byte[3])).build()));
        assertEquals(404, missing.getStatusCode());
        assertEquals("BucketNotFound", missing.getServiceCode());
        try (ObjectStorageClient stranger = sdk(rsa(), "http://127.0.0.1:" + server.objectStoreAddress().getPort())) {
            BmcException e = assertThrows(BmcException.class,
                    () -> stranger.getNamespace(GetNamespaceRequest.builder().build()));
            assertEquals(401, e.getStatusCode());
            assertEquals("NotAuthenticated", e.getServiceCode());
        }
    }

    /** Collects the parts' bytes. */
    static final class ByteArrayOutputStreamHolder {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        void add(byte[] b) {
            out.writeBytes(b);
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
