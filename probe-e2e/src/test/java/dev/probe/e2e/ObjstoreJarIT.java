package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.objstore.endpoint.ApiKey;
import io.netty.handler.ssl.util.SelfSignedCertificate;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code probe objstore} through the jar, with the real OCI SDK and an OCI config file, against a probe server's
 * endpoint started with {@code -Xmx256m}: a 2 GiB object goes up and comes back verified, so both ends stream.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ObjstoreJarIT {
    @TempDir
    Path dir;

    /** An API key: its public half in {@code dir/authorized}, an OCI config file for it returned. */
    private Path apiKeyAndConfig() throws Exception {
        return ApiKey.create(dir).config();
    }

    @Test
    void httpsEndpointWithTheSdkTrustingTheServerCertificate() throws Exception {
        Path config = apiKeyAndConfig();
        SelfSignedCertificate cert = new SelfSignedCertificate("localhost");
        TrustStore trust = TrustStore.of(cert.cert(), dir.resolve("trust.p12"));
        try (ProbeProcess server = ProbeProcess.start("server", "--bind", "127.0.0.1", "--port", "0", "--tls", "--cert",
                cert.certificate().toString(), "--key", cert.privateKey().toString(), "--objectstore-port", "0",
                "--store", "memory", "--authorized-keys", dir.resolve("authorized").toString(), "--bucket", "rman")) {
            server.awaitServerPort();
            String url = server.awaitMatch(ProbeProcess.ENDPOINT, ProbeProcess.PROGRESS_MS).replace("127.0.0.1",
                    "localhost");
            assertTrue(url.startsWith("https://"), url);
            ProbeProcess backup = ProbeProcess.startWithJvm(trust.jvmOptions(), "objstore",
                    "backup", "--endpoint", url, "--namespace", "probe", "--bucket", "rman", "--config", config
                            .toString(),
                    "--channels", "2", "--volume", "64MiB", "--piece-size", "32MiB", "--part-size", "8MiB");
            assertEquals(0, backup.awaitExit(120), backup.stderr() + backup.stdout());
            assertTrue(backup.printed("Aggregate throughput"), backup.stdout());
        }
    }

    @Test
    void twoGibObjectThroughAServerWith256MibOfHeap() throws Exception {
        Path config = apiKeyAndConfig();
        Path keys = dir.resolve("authorized");

        try (ProbeProcess server = ProbeProcess.startWithJvm(List.of("-Xmx256m"), "server", "--bind", "127.0.0.1",
                "--port", "0", "--objectstore-port", "0", "--store", "discard", "--authorized-keys", keys.toString(),
                "--bucket", "rman")) {
            server.awaitServerPort();
            String url = server.awaitMatch(ProbeProcess.ENDPOINT, ProbeProcess.PROGRESS_MS);
            Path backupJson = dir.resolve("backup.json");
            ProbeProcess backup = ProbeProcess.start("objstore", "backup", "--endpoint", url, "--namespace", "probe",
                    "--bucket", "rman", "--config", config.toString(), "--channels", "1", "--volume", "2GiB",
                    "--piece-size", "2GiB", "--part-size", "256MiB", "--run-id", "big", "--keep", "--json",
                    backupJson.toString());
            assertEquals(0, backup.awaitExit(240), backup.stderr() + backup.stdout());
            JsonNode b = new ObjectMapper().readTree(backupJson.toFile());
            assertEquals("objstore", b.get("kind").asText());
            assertEquals(2L << 30, b.at("/summary/bytes").asLong());
            assertEquals(8, b.at("/summary/operations_ms/upload_part/count").asLong());

            Path restoreJson = dir.resolve("restore.json");
            ProbeProcess restore = ProbeProcess.start("objstore", "restore", "--endpoint", url, "--namespace", "probe",
                    "--bucket", "rman", "--config", config.toString(), "--channels", "1", "--run-id", "big", "--json",
                    restoreJson.toString());
            assertEquals(0, restore.awaitExit(240), restore.stderr() + restore.stdout());
            JsonNode r = new ObjectMapper().readTree(restoreJson.toFile());
            assertEquals(2L << 30, r.at("/summary/bytes").asLong());
            assertTrue(r.at("/summary/verified").asBoolean());
            assertTrue(r.at("/summary/operations_ms/get_first_byte/p50").isNumber());
            assertTrue(restore.printed("every chunk and multipart MD5 verified"), restore.stdout());
            assertTrue(server.alive(), "the 256 MiB server streamed 2 GiB each way");
        }
    }
}
