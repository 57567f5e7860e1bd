package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * 10,000 idle connections within the server's limits (issue 28) do no harm: a test that runs while they are held
 * finishes with its full result, the server keeps every one of them open until its handshake timeout, and it still
 * takes new work. The figures (memory, throughput beside them) are bench/memory.sh's.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class IdleConnectionsIT {
    private static final int IDLE = 10_000;

    @TempDir
    Path dir;

    @Test
    void aTestRunsWhileTenThousandIdleConnectionsAreHeld() throws Exception {
        assumeTrue(fileLimit() >= IDLE + 1_000, "needs " + (IDLE + 1_000) + " file descriptors (ulimit -Hn)");
        List<SocketChannel> idle = new ArrayList<>();
        try (ProbeProcess server = ProbeProcess.start("server", "--bind", "127.0.0.1", "--port", "0", "--quiet",
                "--max-connections", "12000", "--handshake-timeout", "120s")) {
            int port = server.awaitServerPort(20_000);
            // two source addresses: each stays under the per-source cap (half of --max-connections)
            for (int i = 0; i < IDLE; i++) {
                SocketChannel ch = SocketChannel.open();
                idle.add(ch);
                ch.bind(new InetSocketAddress(i % 2 == 0 ? "127.0.0.2" : "127.0.0.3", 0));
                ch.connect(new InetSocketAddress("127.0.0.1", port));
            }
            Path json = dir.resolve("async.json");
            ProbeProcess client = ProbeProcess.start("client", "127.0.0.1", "--port", String.valueOf(port), "--mode",
                    "async", "--duration", "2s", "--json", json.toString());
            int code = client.awaitExit(90);
            assertEquals(0, code, client.stderr());
            JsonNode doc = new ObjectMapper().readTree(json.toFile());
            assertTrue(doc.at("/summary/throughput_mib_s").asDouble() > 0, doc.toString());
            assertTrue(doc.at("/incomplete").isMissingNode(), "a complete result: " + doc.at("/incomplete"));
            int open = 0;
            ByteBuffer one = ByteBuffer.allocate(1);
            for (SocketChannel ch : idle) {
                ch.configureBlocking(false);
                one.clear();
                open += ch.read(one) == 0 ? 1 : 0; // -1: the server closed it; 0: still held, silent
            }
            assertEquals(IDLE, open, "the server holds every idle connection until its handshake timeout");
            assertFalse(server.stdout().contains("Exception"), server.stdout());
        } finally {
            for (SocketChannel ch : idle) {
                ch.close();
            }
        }
    }

    private static long fileLimit() throws IOException {
        for (String l : java.nio.file.Files.readAllLines(Path.of("/proc/self/limits"))) {
            if (l.startsWith("Max open files")) {
                String[] f = l.trim().split("\\s+");
                return "unlimited".equals(f[3]) ? Long.MAX_VALUE : Long.parseLong(f[3]);
            }
        }
        return 0;
    }
}
