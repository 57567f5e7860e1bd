package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Shared secret and TLS through the jar: the server's flags, the client's, exit code 3 for a wrong secret. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SecurityJarIT {
    @TempDir
    Path dir;

    @Test
    void secretFileAndTlsWithAPrintedFingerprint() throws Exception {
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "a shared secret of enough bytes\n");
        Path wrong = dir.resolve("wrong");
        Files.writeString(wrong, "some other secret, also long enough\n");
        try (ProbeProcess server = ProbeProcess.start("server", "--bind", "127.0.0.1", "--port", "0", "--secret-file",
                secret.toString(), "--tls")) {
            int port = server.awaitServerPort();
            String fingerprint = server.awaitMatch(ProbeProcess.FINGERPRINT, ProbeProcess.PROGRESS_MS);

            Path json = dir.resolve("r.json");
            ProbeProcess ok = ProbeProcess.start("client", "127.0.0.1", "--port", String.valueOf(port), "--duration",
                    "1s", "--rate", "500", // paced: the secret and TLS are under test, not the speed
                    "--length", "4k", "--secret-file", secret.toString(), "--tls", "--trust-fingerprint", fingerprint,
                    "--json", json.toString());
            assertEquals(0, ok.awaitExit(), ok.stderr());
            JsonNode doc = new ObjectMapper().readTree(json.toFile());
            assertTrue(doc.at("/params/tls/protocol").asText().startsWith("TLSv1."), doc.toString());

            ProbeProcess bad = ProbeProcess.start("client", "127.0.0.1", "--port", String.valueOf(port), "--duration",
                    "1s", "--secret-file", wrong.toString(), "--tls", "--trust-fingerprint", fingerprint);
            assertEquals(3, bad.awaitExit());
            assertEquals("probe: server refused: authentication failed", bad.stderr().trim());

            ProbeProcess plain = ProbeProcess.start("client", "127.0.0.1", "--port", String.valueOf(port), "--duration",
                    "1s", "--secret-file", secret.toString());
            assertTrue(plain.awaitExit() != 0);
            assertTrue(plain.stderr().contains("this server requires TLS"), plain.stderr());
            Await.until(Duration.ofSeconds(30), "the server logs the failed authentication",
                    () -> server.printed("authentication failed from /127.0.0.1"));
        }
    }
}
