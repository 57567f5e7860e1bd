package dev.probe.core.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.client.ProbeException;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.payload.Payload;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.BulkResult;
import dev.probe.core.result.ChannelStats;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.testing.Await;
import dev.probe.core.testing.FaultProxy;
import dev.probe.core.testing.FaultProxy.Fault;
import dev.probe.core.testing.LogCapture;
import dev.probe.core.testing.RunningServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Bulk runs through a fault-injecting proxy: corruption, a dropped channel, a slow channel. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class BulkFaultTest {
    @RegisterExtension
    final RunningServer fixture = RunningServer.of(dir -> ServerConfig.defaults()
            .forLoopback("127.0.0.1", 0, dir.resolve("f"), dir.resolve("store")));

    @TempDir
    Path dir;

    private BulkResult run(FaultProxy proxy, BulkParams p) throws Exception {
        return new BulkClient(BulkConfig.of("127.0.0.1", proxy.port(), p)).run(new BulkListener() {});
    }

    private void awaitNoSessions() throws InterruptedException {
        assertEquals(0, LogCapture.awaitNoSessions(fixture.get()), "the server freed the run");
    }

    @Test
    void byteFlippedInABackupPieceIsCaughtByTheServerNamingPieceAndChannel() throws Exception {
        try (FaultProxy proxy = new FaultProxy(fixture.get().address().getPort(), Fault.flip(0, true, 300_000))) {
            ProbeException e = assertThrows(ProbeException.class,
                    () -> run(proxy, BulkLoopbackTest.volume(Direction.BACKUP, 1, 8L << 20, 4L << 20, "c1")));
            assertEquals(ProbeException.Kind.INTEGRITY, e.kind());
            assertTrue(e.getMessage().contains("piece 0 (channel 0): CRC32C mismatch in chunk 0"), e.getMessage());
        }
        awaitNoSessions();
        Path run = fixture.dir().resolve("store").resolve("c1");
        Await.until(Duration.ofSeconds(5), "no corrupted piece stored: the failed backup's run is removed",
                () -> !Files.exists(run));
    }

    @Test
    void byteFlippedInAFilePayloadIsCaughtByTheSenderFromTheServersPieceCrc() throws Exception {
        Path sample = Files.write(dir.resolve("sample.arc"), "redo block ".repeat(100_000).getBytes());
        BulkParams p = BulkLoopbackTest.volume(Direction.BACKUP, 1, 8L << 20, 4L << 20, "c3")
                .withContent(Payload.parse("file:" + sample), 3);
        try (FaultProxy proxy = new FaultProxy(fixture.get().address().getPort(), Fault.flip(0, true, 300_000))) {
            ProbeException e = assertThrows(ProbeException.class, () -> run(proxy, p));
            assertEquals(ProbeException.Kind.INTEGRITY, e.kind());
            assertTrue(e.getMessage().matches(
                    ".*piece 0 \\(channel 0\\): the server received CRC32C [0-9a-f]{8}, but the "
                            + "piece sent has [0-9a-f]{8}"), e.getMessage());
        }
        awaitNoSessions();
    }

    @Test
    void byteFlippedInARestorePieceIsCaughtByTheClient() throws Exception {
        try (FaultProxy proxy = new FaultProxy(fixture.get().address().getPort(), Fault.flip(1, false, 3_000_000))) {
            ProbeException e = assertThrows(ProbeException.class,
                    () -> run(proxy, BulkLoopbackTest.volume(Direction.RESTORE, 2, 16L << 20, 8L << 20, "c2")));
            assertEquals(ProbeException.Kind.INTEGRITY, e.kind());
            assertTrue(e.getMessage().matches(".*piece \\d+ \\(channel 1\\): CRC32C mismatch in chunk 2.*"), e
                    .getMessage());
        }
        awaitNoSessions();
    }

    @Test
    void droppedChannelFailsTheRunNamingChannelAndPiece() throws Exception {
        String dropped;
        try (FaultProxy proxy = new FaultProxy(fixture.get().address().getPort(), Fault.cut(2, true, 5_000_000))) {
            ProbeException e = assertThrows(ProbeException.class,
                    () -> run(proxy, BulkLoopbackTest.volume(Direction.BACKUP, 3, 64L << 20, 8L << 20, "drop")));
            // the joins go in parallel, so which channel the proxy's third connection carries varies: the message
            // and the server must name the same one
            Matcher m = Pattern.compile("channel (\\d+), piece \\d+ at byte \\d+: .*").matcher(e.getMessage());
            assertTrue(m.matches(), e.getMessage());
            dropped = m.group(1);
        }
        awaitNoSessions();
        assertTrue(fixture.log().contains("aborted (connection " + dropped + " closed before END"), dropped + ": "
                + fixture.log());
    }

    @Test
    void droppedRestoreChannelFailsTheRun() throws Exception {
        try (FaultProxy proxy = new FaultProxy(fixture.get().address().getPort(), Fault.cut(1, false, 2_000_000))) {
            ProbeException e = assertThrows(ProbeException.class,
                    () -> run(proxy, BulkLoopbackTest.volume(Direction.RESTORE, 2, 32L << 20, 8L << 20, "drop2")));
            assertTrue(e.getMessage().startsWith("channel 1, piece "), e.getMessage());
        }
        awaitNoSessions();
    }

    @Test
    void fasterChannelsTakeMorePieces() throws Exception {
        try (FaultProxy proxy = new FaultProxy(fixture.get().address().getPort(), Fault.throttle(0, true, 2_000_000))) {
            BulkResult r = run(proxy, BulkLoopbackTest.volume(Direction.BACKUP, 3, 48L << 20, 1L << 20, "slow"));
            List<ChannelStats> ch = r.channels();
            assertEquals(48, ch.stream().mapToLong(ChannelStats::pieces).sum());
            assertTrue(ch.get(0).pieces() <= 4, "the throttled channel took " + ch.get(0).pieces() + " pieces");
            assertTrue(ch.get(1).pieces() + ch.get(2).pieces() >= 44);
            assertTrue(r.summary().durationS() < 10, "the run did not wait long on the slow channel: "
                    + r.summary().durationS());
        }
    }
}
