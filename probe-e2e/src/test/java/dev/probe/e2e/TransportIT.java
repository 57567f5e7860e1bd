package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The transport a user picks with {@code -Dprobe.transport}: io_uring end to end, its clean fall back to epoll when
 * a sandbox refuses io_uring (a seccomp filter, as a container runtime's default profile does), and a misspelt name.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TransportIT {
    /** io_uring_setup on x86_64. */
    private static final int IO_URING_SETUP = 425;

    @TempDir
    Path dir;

    @Test
    void ioUringRunsATestAtBothEnds() throws Exception {
        List<String> uring = List.of("-Dprobe.transport=io_uring");
        try (ProbeProcess server = ProbeProcess.startWithJvm(uring, "server", "--bind", "127.0.0.1", "--port", "0")) {
            int port = server.awaitServerPort();
            assumeTrue(server.printed("(io_uring)"), "this kernel refuses io_uring: " + server.stdout());
            assertTrue(server.printed("TCP_INFO available"), server.stdout());
            JsonNode doc = asyncRun(uring, port, "uring.json");
            assertEquals("io_uring", doc.at("/params/transport").asText());
            assertTrue(doc.at("/summary/tcp/rtt_ms").asDouble() >= 0, "TCP_INFO read from io_uring's socket: " + doc);
        }
    }

    @Test
    void aSandboxThatRefusesIoUringFallsBackToEpollAndSaysWhy() throws Exception {
        assumeTrue("amd64".equals(System.getProperty("os.arch")) && Path.of("/proc/self/status").toFile().exists(),
                "the seccomp filter below is for x86_64 Linux");
        // a filter on one thread is inherited by the process it starts and by no other thread of this JVM
        ProbeProcess server = CompletableFuture.supplyAsync(() -> {
            try {
                refuseIoUringOnThisThread();
                return ProbeProcess.startWithJvm(List.of("-Dprobe.transport=io_uring"), "server", "--bind",
                        "127.0.0.1", "--port", "0");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, r -> new Thread(r, "seccomp-starter").start()).get(30, TimeUnit.SECONDS);
        try (server) {
            int port = server.awaitServerPort();
            assertTrue(server.printed("(epoll)"), "fell back to epoll: " + server.stdout());
            assertTrue(server.printed("TCP_INFO available; io_uring unavailable: "), server.stdout());
            assertEquals("epoll", asyncRun(List.of(), port, "fallback.json").at("/params/transport").asText());
        }
    }

    @Test
    void aMisspeltTransportIsOneLineAndExitTwo() throws Exception {
        ProbeProcess client = ProbeProcess.startWithJvm(List.of("-Dprobe.transport=uring"), "client", "127.0.0.1",
                "--port", "9", "--mode", "async", "--duration", "1s");
        int code = client.awaitExit();
        String err = client.stderr().trim();
        assertEquals(2, code, err);
        assertEquals("probe: -Dprobe.transport=uring: expected epoll, io_uring or nio", err);
    }

    private JsonNode asyncRun(List<String> jvm, int port, String name) throws Exception {
        Path json = dir.resolve(name);
        ProbeProcess client = ProbeProcess.startWithJvm(jvm, "client", "127.0.0.1", "--port", String.valueOf(port),
                "--mode", "async", "--duration", "1s", "--json", json.toString());
        assertEquals(0, client.awaitExit(), client.stderr());
        JsonNode doc = new ObjectMapper().readTree(json.toFile());
        assertTrue(doc.at("/summary/throughput_mib_s").asDouble() > 0, doc.toString());
        return doc;
    }

    /** Makes io_uring_setup fail with EPERM for this thread and what it starts (seccomp-bpf, as Docker does). */
    private static void refuseIoUringOnThisThread() {
        short ldAbs = 0x20;
        short jeq = 0x15;
        short ret = 0x06;
        Memory filter = new Memory(4 * 8);
        put(filter, 0, ldAbs, 0, 0, 0); // A = seccomp_data.nr
        put(filter, 1, jeq, 0, 1, IO_URING_SETUP);
        put(filter, 2, ret, 0, 0, 0x0005_0000 | 1); // SECCOMP_RET_ERRNO | EPERM
        put(filter, 3, ret, 0, 0, 0x7fff_0000); // SECCOMP_RET_ALLOW
        Memory prog = new Memory(16);
        prog.clear();
        prog.setShort(0, (short) 4);
        prog.setPointer(8, filter);
        LibC c = Native.load("c", LibC.class);
        assertEquals(0, c.prctl(38, 1, 0, 0, 0), "PR_SET_NO_NEW_PRIVS");
        assertEquals(0, c.prctl(22, 2, prog, 0, 0), "PR_SET_SECCOMP, SECCOMP_MODE_FILTER");
    }

    private static void put(Memory m, int i, short code, int jt, int jf, int k) {
        m.setShort(i * 8L, code);
        m.setByte(i * 8L + 2, (byte) jt);
        m.setByte(i * 8L + 3, (byte) jf);
        m.setInt(i * 8L + 4, k);
    }

    /** prctl(2). */
    interface LibC extends Library {
        int prctl(int option, long arg2, long arg3, long arg4, long arg5);

        int prctl(int option, long arg2, Pointer arg3, long arg4, long arg5);
    }
}
