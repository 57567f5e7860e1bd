package dev.probe.cli.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, point 1: an agent does not start as an open relay. Each refusal below comes before it binds, in one
 * line naming the flag, with exit 2.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class AgentCommandTest {
    @TempDir
    Path dir;

    private String refusal(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        String e = err.toString().trim();
        assertEquals(2, code, "exit code; stderr: " + e + " stdout: " + out);
        assertEquals(1, e.lines().count(), e);
        assertFalse(e.contains("Exception"), e);
        assertFalse(out.toString().contains("started"), "nothing listens: " + out);
        return e;
    }

    private Path secret() throws Exception {
        Path s = dir.resolve("secret");
        Files.writeString(s, "a shared secret, long enough\n");
        return s;
    }

    @Test
    void noSecretNoStart() {
        String e = refusal("agent", "--port", "0", "--allow-targets", "127.0.0.1");
        assertTrue(e.contains("needs a shared secret (--secret-file or PROBE_SECRET)") && e.contains("--local-only"),
                e);
    }

    @Test
    void localOnlyListensOnLoopbackAndLendsNoIdentity() throws Exception {
        assertTrue(refusal("agent", "--local-only", "--bind", "0.0.0.0", "--port", "0")
                .contains("--bind 0.0.0.0 is not a loopback address"));
        assertTrue(refusal("agent", "--local-only", "--port", "0", "--server-secret-file", secret().toString())
                .contains("--server-secret-file needs this agent's own --secret-file"));
        assertTrue(refusal("agent", "--local-only", "--port", "0", "--oci-config", secret().toString())
                .contains("--oci-config needs this agent's own --secret-file"));
    }

    @Test
    void aSecretIsNotEnoughWithoutAllowTargets() throws Exception {
        assertTrue(refusal("agent", "--port", "0", "--secret-file", secret().toString())
                .contains("--allow-targets is required"));
        assertTrue(refusal("agent", "--port", "0", "--secret-file", secret().toString(), "--allow-targets",
                "10.0.0.0/40")
                        .contains("--allow-targets: '10.0.0.0/40': the prefix length must be 0 to 32"));
        assertTrue(refusal("agent", "--port", "0", "--secret-file", secret().toString(), "--allow-targets", "x",
                "--max-runs", "0").contains("--max-runs"));
    }
}
