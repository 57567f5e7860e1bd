package dev.probe.core.redo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TestResult;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.testing.Await;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Real client against a real server on 127.0.0.1, port 0: sync, async, disk write, warm-up, open loop. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoopbackRunTest {
    @TempDir
    Path dir;
    private ProbeServer server;

    @BeforeEach
    void startServer() throws Exception {
        server = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0, dir.resolve("redo.dat"), null),
                line -> {});
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    private TestResult run(TestParams p, List<IntervalSample> intervals) throws Exception {
        RedoConfig cfg = RedoConfig.of("127.0.0.1", server.address().getPort(), p);
        return new RedoClient(cfg).run(new RunListener() {
            @Override
            public void onInterval(IntervalSample sample) {
                intervals.add(sample);
            }
        });
    }

    private static TestParams params(Mode mode, long length, int conns, long durationMs, boolean write, double rate,
                                     long warmupMs) {
        return TestParams.builder(mode).length(length).connections(conns).duration(Duration.ofMillis(durationMs))
                .interval(Duration.ofMillis(200)).write(write).rate(rate).warmup(Duration.ofMillis(warmupMs)).build();
    }

    @Test
    void reverseTheServerSendsAndBothEndsCountTheSame() throws Exception {
        List<IntervalSample> intervals = new ArrayList<>();
        TestResult r = run(params(Mode.ASYNC, 1 << 20, 2, 1000, false, 0, 300).withReverse(true), intervals);
        assertTrue(r.incomplete() == null, r.incomplete());
        assertTrue(r.params().reverse());
        assertTrue(r.summary().bytesReceived() > 0 && r.summary().bytesSent() > 0, r.summary().toString());
        assertTrue(intervals.stream().anyMatch(i -> i.bytes() > 0));
        assertTrue(intervals.stream().anyMatch(IntervalSample::warmup), "the warm-up intervals are marked");
        assertTrue(r.toJson().path("params").path("reverse").asBoolean());
        // the last sample, stamped at the data's end and read after it, carries no bytes acknowledged (issue 57)
        IntervalSample last = intervals.stream().filter(i -> i.tcp() != null && i.tcp().bytesAcked() > 0)
                .reduce((a, b) -> b).orElseThrow(() -> new AssertionError("no interval with acks: " + intervals));
        assertTrue(last.tcp().bytesAcked() > 1_000_000, "the intervals carry the sender's TCP_INFO (the server's TCP "
                + "frames), not this receiving socket's: " + last.tcp());
        assertTrue(r.params().senderTcp(), "this release's client asks for them");
        assertTrue(r.clock() != null, "the server stamped READY");
        assertTrue(Math.abs(r.clock().offsetMs()) <= r.clock().uncertaintyMs() + 1, "one host, one clock: " + r
                .clock());
        assertTrue(r.toJson().at("/params/hosts/clock/offset_ms").isNumber(), r.toJson().at("/params").toString());
    }

    @Test
    void aReverseTestOutlastsTheServersIdleTimeout() throws Exception {
        server.close();
        // the client sends nothing while it receives: a server watching only its reads closed it as idle after
        // --idle-timeout (60 s by default), so a 75 s reverse test failed there
        server = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0, dir.resolve("redo.dat"), null)
                .withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofHours(1)), line -> {});
        TestResult r = run(params(Mode.ASYNC, 32 << 10, 1, 3000, false, 200, 0).withReverse(true), new ArrayList<>());
        assertTrue(r.incomplete() == null, "3 s of receiving past a 1 s idle timeout: " + r.incomplete());
        assertTrue(r.summary().bytesReceived() > 0, r.summary().toString());
    }

    @Test
    void reverseWithoutWarmupStreams() throws Exception {
        TestResult r = run(params(Mode.ASYNC, 1 << 20, 1, 1000, false, 0, 0).withReverse(true), new ArrayList<>());
        assertTrue(r.summary().bytesReceived() > 0, r.summary().toString());
    }

    @Test
    void reversePacedAtARateCarriesIt() throws Exception {
        TestResult r = run(params(Mode.ASYNC, 32 << 10, 1, 2000, false, 100, 0).withReverse(true), new ArrayList<>());
        double perSecond = r.summary().bytesReceived() / (32768.0 * 2);
        assertTrue(perSecond > 90 && perSecond < 110, "100 messages/s from the server, got " + perSecond);
    }

    @Test
    void syncRoundTripsAreMeasuredAndCountedByBothEnds() throws Exception {
        List<IntervalSample> intervals = new ArrayList<>();
        TestResult r = run(params(Mode.SYNC, 1024, 1, 1000, false, 0, 0), intervals);
        assertEquals("sync", r.kind());
        assertTrue(r.summary().messages() > 100, "messages " + r.summary().messages());
        assertEquals(r.summary().messages() * 1024, r.summary().bytesSent());
        assertEquals(r.summary().bytesSent(), r.summary().bytesReceived());
        assertNotNull(r.summary().latency());
        assertEquals(r.summary().messages(), r.summary().latency().count());
        assertTrue(r.summary().latency().p50() > 0 && r.summary().latency().p50() <= r.summary().latency().p99());
        assertNull(r.summary().disk());
        assertFalse(r.summary().openLoop());
        assertTrue(intervals.size() >= 4, "intervals " + intervals.size());
        assertEquals(r.intervals().size(), intervals.size());
    }

    @Test
    void zeroLengthSyncMessagesWork() throws Exception {
        TestResult r = run(params(Mode.SYNC, 0, 1, 500, false, 0, 0), new ArrayList<>());
        assertTrue(r.summary().messages() > 100);
        assertEquals(0, r.summary().bytesReceived());
    }

    @Test
    void asyncStreamsOverSeveralConnectionsAndTheReceiverCountsEverything() throws Exception {
        TestResult r = run(params(Mode.ASYNC, 1024 * 1024, 4, 1000, false, 0, 0), new ArrayList<>());
        assertEquals("async", r.kind());
        assertTrue(r.summary().bytesReceived() >= 4L * 1024 * 1024, "received " + r.summary().bytesReceived());
        assertEquals(r.summary().bytesSent(), r.summary().bytesReceived());
        assertTrue(r.summary().throughputMibS() > 0, "a goodput figure: " + r.summary().throughputMibS());
        assertNull(r.summary().latency());
    }

    @Test
    void diskWriteIsTimedSeparatelyInRingsWrittenThroughBeforeReadyAndReused() throws Exception {
        server.close();
        long ring = 64L << 20;
        server = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0, dir.resolve("redo.dat"), null)
                .withFileSize(ring), line -> {});
        TestResult r = run(params(Mode.SYNC, 64 * 1024, 2, 800, true, 0, 0), new ArrayList<>());
        assertNotNull(r.summary().disk(), "disk stats");
        assertEquals(r.summary().messages(), r.summary().disk().count());
        assertTrue(r.summary().disk().p50() > 0);
        assertTrue(r.summary().latency().p50() >= r.summary().disk().p50(),
                "round trip includes the disk write");
        Path log0 = dir.resolve("redo.dat.log0");
        Path log1 = dir.resolve("redo.dat.log1");
        for (Path p : List.of(log0, log1)) {
            assertEquals(ring, Files.size(p), p + ": a whole ring, as a preallocated standby redo log");
            assertTrue(notAllZero(p, ring - 4096), p + ": written through to its end, not sparse");
        }
        // a ring goes back to the free list on its connection's disk thread once that connection has closed and its
        // writes are done; the next run may take its ring on another disk thread, so wait for the close, then give
        // the disk threads (idle by then) a moment: the free list is not visible from here to poll
        Await.until(Duration.ofSeconds(5), "the first run's connections closed", () -> server.connectionCount() == 0);
        Thread.sleep(200);
        run(params(Mode.SYNC, 64 * 1024, 1, 300, true, 0, 0), new ArrayList<>());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(log0, log1), files.sorted().toList(), "a later run reuses a ring");
        }
        server.close();
        Await.until(Duration.ofSeconds(5), "the rings are removed when the server stops", () -> {
            try (var files = Files.list(dir)) {
                return files.count() == 0;
            }
        });
    }

    private static boolean notAllZero(Path file, long at) throws Exception {
        try (var ch = FileChannel.open(file)) {
            ByteBuffer b = ByteBuffer.allocate(4096);
            ch.read(b, at);
            for (int i = 0; i < b.position(); i++) {
                if (b.get(i) != 0) {
                    return true;
                }
            }
            return false;
        }
    }

    @Test
    void warmupIsExcludedFromTheSummary() throws Exception {
        List<IntervalSample> intervals = new ArrayList<>();
        TestResult r = run(params(Mode.SYNC, 1024, 1, 600, false, 0, 400), intervals);
        long total = intervals.stream().mapToLong(IntervalSample::messages).sum();
        assertTrue(r.summary().messages() < total, r.summary().messages() + " vs " + total);
        assertTrue(intervals.get(0).warmup());
        assertFalse(intervals.get(intervals.size() - 1).warmup());
        assertEquals(0.6, r.summary().durationS(), 0.15);
        assertEquals(r.summary().bytesSent(), r.summary().bytesReceived(), 1024.0 * 2);
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"SYNC", "ASYNC"})
    void aWarmUpEndedLateStillMeasuresTheWholeDuration(Mode mode) throws Exception {
        // the first interval's listener holds the reporting thread 300 ms, so the warm-up's end runs at about 500 ms
        // of a 400 ms warm-up, as on a busy host: the measured window still lasts the 600 ms asked for (0.49 s before)
        RedoConfig cfg = RedoConfig.of("127.0.0.1", server.address().getPort(), params(mode, 1024, 1, 600, false, 0,
                400));
        boolean[] held = {false};
        TestResult r = new RedoClient(cfg).run(new RunListener() {
            @Override
            public void onInterval(IntervalSample sample) {
                if (!held[0]) {
                    held[0] = true;
                    LockSupport.parkNanos(300_000_000L);
                }
            }
        });
        assertTrue(held[0]);
        // at least the duration by construction (the data ends no earlier than the window's start plus it); how late
        // an async stream's end runs after that is the host's (0.16 and 0.45 s beside a fuzz class), not asserted
        double s = r.summary().durationS();
        assertTrue(s >= 0.6 - 1e-6, "measured " + s + " s of 0.6");
    }

    @Test
    void openLoopPacesMessagesAtTheRequestedRate() throws Exception {
        TestResult r = run(params(Mode.SYNC, 1024, 1, 1000, false, 200, 0), new ArrayList<>());
        assertTrue(r.summary().openLoop());
        assertEquals(200, r.summary().messages(), 12);
    }
}
