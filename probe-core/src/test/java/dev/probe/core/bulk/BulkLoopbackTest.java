package dev.probe.core.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.payload.Payload;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.BulkResult;
import dev.probe.core.result.ChannelStats;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.ServerSecurity;
import dev.probe.core.tls.Tls;
import dev.probe.core.transport.Transport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Bulk backup and restore between a real client and server on 127.0.0.1. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BulkLoopbackTest {
    @TempDir
    Path dir;
    private ProbeServer server;

    @BeforeEach
    void start() throws Exception {
        server = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0, dir.resolve("f"),
                dir.resolve("store")), line -> {});
    }

    @AfterEach
    void stop() {
        server.close();
    }

    static BulkParams volume(Direction d, int channels, long volume, long piece, String runId) {
        return BulkParams.builder(d, runId).channels(channels).volume(volume).pieceSize(piece)
                .interval(Duration.ofMillis(200)).build();
    }

    private BulkResult run(BulkParams p) throws Exception {
        return new BulkClient(BulkConfig.of("127.0.0.1", server.address().getPort(), p)).run(new BulkListener() {});
    }

    @Test
    void backupMovesTheVolumeVerifiedAndStoresWholePieces() throws Exception {
        BulkResult r = run(volume(Direction.BACKUP, 4, 40L << 20, 3L << 20, "b1"));
        assertEquals(40L << 20, r.summary().bytes());
        assertEquals(14, r.summary().pieces(), "13 full pieces and a short last one");
        assertTrue(r.summary().verified());
        assertEquals(14, r.channels().stream().mapToLong(ChannelStats::pieces).sum());
        assertEquals("files", r.storage());
        try (var files = Files.list(dir.resolve("store").resolve("b1"))) {
            assertEquals(14, files.filter(f -> f.getFileName().toString().startsWith("piece-")
                    && !f.toString().endsWith(".part")).count());
        }
        assertTrue(Files.readString(dir.resolve("store/b1/content.json")).contains("\"payload\":\"random\""),
                "the stored run records what its pieces hold");
        assertEquals(1L << 20, Files.size(dir.resolve("store/b1/piece-0000000013")), "last piece is short");
        assertTrue(r.summary().projectedMinutes() > 0);
    }

    @Test
    void restoreReadsBackAStoredRunAndVerifiesIt() throws Exception {
        run(volume(Direction.BACKUP, 2, 12L << 20, 4L << 20, "run-2"));
        BulkResult r = run(volume(Direction.RESTORE, 3, 12L << 20, 4L << 20, "run-2"));
        assertEquals("files", r.storage());
        assertEquals(12L << 20, r.summary().bytes());
        assertEquals(3, r.summary().pieces());
        assertTrue(r.summary().verified());
    }

    @Test
    void aFilePayloadIsCheckedStoredAndRestoredFromTheSameFile() throws Exception {
        byte[] text = "SCN 4711 COMMIT; UPDATE orders SET qty = qty - 1; ".repeat(80_000).getBytes();
        Path sample = Files.write(dir.resolve("1_42_1.arc"), text);
        BulkParams b = volume(Direction.BACKUP, 2, 20L << 20, 4L << 20, "fp");
        BulkResult r = run(b.withContent(Payload.parse("file:" + sample), 7));
        assertEquals(20L << 20, r.summary().bytes());
        assertTrue(r.summary().verified());
        byte[] piece1 = Files.readAllBytes(dir.resolve("store/fp/piece-0000000001"));
        long at = (4L << 20) + 1000;
        assertEquals(text[(int) (at % text.length)], piece1[1000], "piece 1 is the file from 4 MiB on, looped");
        BulkResult back = run(volume(Direction.RESTORE, 2, 20L << 20, 4L << 20, "fp"));
        assertTrue(back.summary().verified(), "checked against the file the backup recorded");
        assertEquals(20L << 20, back.summary().bytes());
    }

    @Test
    void aRestoreChecksWhatTheStoredBackupHeldNotWhatItAsks() throws Exception {
        BulkParams b = volume(Direction.BACKUP, 2, 8L << 20, 2L << 20, "half");
        run(b.withContent(Payload.parse("compressible:0.5"), 99));
        BulkResult back = run(volume(Direction.RESTORE, 2, 8L << 20, 2L << 20, "half"));
        assertTrue(back.summary().verified());
    }

    @Test
    void aRestoreOfAFilePayloadWithoutAStoredRunIsRefusedNamingThePayload() throws Exception {
        Path sample = Files.write(dir.resolve("s.arc"), new byte[1 << 20]);
        BulkParams p = volume(Direction.RESTORE, 1, 2L << 20, 1L << 20, "never").withContent(
                Payload.parse("file:" + sample), 1);
        ProbeException e = assertThrows(ProbeException.class, () -> run(p));
        assertTrue(e.getMessage().contains("payload: a restore of file:" + sample + " reads back a stored backup, and "
                + "this server holds no run never"), e.getMessage());
    }

    @Test
    void restoreOfAStoredRunOverTlsSendsThePiecesEncrypted() throws Exception {
        Tls.Server tls = Tls.server(null, null);
        try (ProbeServer secure = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0,
                dir.resolve("f2"), dir.resolve("store")).withSecurity(new ServerSecurity(null, tls.context(),
                        tls.fingerprint())), line -> {})) {
            Target target = new Target("127.0.0.1", secure.address().getPort(), Duration.ofSeconds(5),
                    Duration.ofSeconds(10), new ClientSecurity(null, Tls.client(tls.fingerprint(), null)), null);
            for (Direction d : new Direction[] {Direction.BACKUP, Direction.RESTORE}) {
                BulkResult r = new BulkClient(new BulkConfig(target, volume(d, 2, 10L << 20, 4L << 20, "tls-run"),
                        BulkConfig.PAPER_DB_SIZE)).run(new BulkListener() {});
                assertEquals("files", r.storage(), d + " through the store");
                assertEquals(10L << 20, r.summary().bytes(), d.toString());
                assertTrue(r.summary().verified(), d + " verified (no zero-copy region reached the TLS encoder)");
            }
        }
    }

    @Test
    void restoreOfARunWithAMissingPieceIsRefusedNamingThePiece() throws Exception {
        run(volume(Direction.BACKUP, 1, 3L << 20, 1L << 20, "gap"));
        Files.delete(dir.resolve("store/gap/piece-0000000001"));
        ProbeException e = Assertions.assertThrows(
                ProbeException.class, () -> run(volume(Direction.RESTORE, 1, 3L << 20, 1L << 20, "gap")));
        assertEquals(ProbeException.Kind.REFUSED, e.kind());
        assertTrue(e.getMessage().contains("restore: piece 1 of run gap is not stored on this server"), e.getMessage());
    }

    @Test
    void bothEndsUseTheRequestedCongestionControl() throws Exception {
        Assumptions.assumeTrue(Transport.best().linuxNative(), "needs native epoll");
        for (Direction d : Direction.values()) {
            BulkParams p = BulkParams.builder(d, "cc-" + d.wireName()).channels(2).volume(8L << 20)
                    .interval(Duration.ofMillis(200)).congestion("reno").build();
            BulkResult r = run(p);
            assertEquals("reno", r.toJson().at("/summary/tcp/congestion").asText(), d + ": the sending side's sockets "
                    + "(the client's for a backup, the server's for a restore) use reno, whatever the system default");
            assertEquals("reno", r.toJson().at("/params/congestion").asText());
        }
        BulkParams bad = BulkParams.builder(Direction.BACKUP, "cc-bad").volume(1L << 20)
                .interval(Duration.ofMillis(200)).congestion("nosuchcc").build();
        ProbeException e = Assertions.assertThrows(
                ProbeException.class, () -> run(bad));
        assertTrue(e.getMessage().contains("refused congestion control 'nosuchcc'"), e.getMessage());
    }

    @Test
    void restoreOfAnUnknownRunStreamsGeneratedContent() throws Exception {
        BulkResult r = run(volume(Direction.RESTORE, 4, 64L << 20, 1L << 20, "never-stored"));
        assertEquals("discard", r.storage());
        assertEquals(64, r.summary().pieces());
        if (Transport.best().linuxNative()) {
            assertEquals("server", r.toJson().at("/summary/tcp/side").asText());
            assertTrue(r.toJson().at("/summary/tcp/congestion").asText().matches("[a-z0-9_]+"),
                    "the sending side's congestion control is recorded: " + r.toJson().at("/summary/tcp"));
        }
        assertEquals(64L << 20, r.summary().bytes());
    }

    @Test
    void runByDurationStopsAtTheDeadline() throws Exception {
        BulkParams p = BulkParams.builder(Direction.BACKUP, "d1").channels(2).duration(Duration.ofMillis(800))
                .pieceSize(8L << 20).interval(Duration.ofMillis(200)).build();
        BulkResult r = run(p);
        assertEquals(0.8, r.summary().durationS(), 0.5);
        assertTrue(r.summary().bytes() > 0);
        BulkParams q = BulkParams.builder(Direction.RESTORE, "d2").channels(2).duration(Duration.ofMillis(800))
                .pieceSize(8L << 20).interval(Duration.ofMillis(200)).build();
        BulkResult s = run(q);
        assertEquals(0.8, s.summary().durationS(), 0.5);
        assertTrue(s.summary().bytes() > 0);
    }
}
