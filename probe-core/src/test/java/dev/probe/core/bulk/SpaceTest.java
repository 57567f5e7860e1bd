package dev.probe.core.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.result.BulkListener;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.ServerLimits;
import dev.probe.core.server.SpaceBudget;
import dev.probe.core.testing.Await;
import dev.probe.core.testing.TestServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, point 5: --disk-max-size bounds everything under --dir together (what was there at start counts), a
 * backup over it is refused naming the flag, and a failed backup's pieces are removed unless --keep-failed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpaceTest {
    private static final long MIB = 1L << 20;
    @TempDir
    Path dir;

    private ProbeServer server(Path store, long max, boolean keepFailed) throws Exception {
        ServerConfig c = TestServers.loopback(dir).forLoopback("127.0.0.1", 0, dir.resolve("f"), store);
        return ProbeServer.start(c.withLimits(c.limits().withDir(max, keepFailed)), line -> {});
    }

    private static BulkParams backup(String runId, long volume) {
        return BulkParams.builder(Direction.BACKUP, runId).channels(2).volume(volume).pieceSize(4 * MIB)
                .interval(Duration.ofMillis(200)).build();
    }

    private static void run(ProbeServer s, BulkParams p) throws InterruptedException {
        new BulkClient(new BulkConfig(Target.of("127.0.0.1", s.address().getPort()), p, BulkConfig.PAPER_DB_SIZE))
                .run(new BulkListener() {});
    }

    @Test
    void theBudgetCountsWhatIsThereAndABackupOverItIsRefusedAndRemoved() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store"));
        Files.write(store.resolve("earlier-disk-check"), new byte[(int) (16 * MIB)]);
        try (ProbeServer s = server(store, 48 * MIB, false)) {
            run(s, backup("fits", 24 * MIB));
            assertTrue(Files.isDirectory(store.resolve("fits")), "a backup within the budget is stored");
            ProbeException e = assertThrows(ProbeException.class, () -> run(s, backup("over", 24 * MIB)));
            assertTrue(e.getMessage().contains("--disk-max-size of 50,331,648"), e.getMessage());
            Await.until(Duration.ofSeconds(5), "the failed backup's pieces are removed",
                    () -> !Files.exists(store.resolve("over")));
            run(s, backup("fits", 24 * MIB)); // the same run again: its pieces replace the earlier ones in the budget
        }
    }

    @Test
    void keepFailedKeepsTheFailedBackupsWholePieces() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store"));
        try (ProbeServer s = server(store, 10 * MIB, true)) {
            assertThrows(ProbeException.class, () -> run(s, backup("over", 24 * MIB)));
            Thread.sleep(300);
            try (var pieces = Files.list(store.resolve("over"))) {
                assertTrue(pieces.anyMatch(p -> p.getFileName().toString().startsWith("piece-")));
            }
        }
    }

    @Test
    void aBudgetGrantsUpToItsMaxAndNamesTheFlagBeyond() throws Exception {
        Files.write(dir.resolve("a"), new byte[1000]);
        SpaceBudget b = SpaceBudget.of(dir, 1500);
        assertEquals(1000, b.used());
        assertNull(b.reserve(500, "x"));
        assertTrue(b.reserve(1, "piece 3 of run r").startsWith("piece 3 of run r needs 1 bytes"));
        b.release(700);
        assertNull(b.reserve(700, "y"));
        assertTrue(b.covers(dir.resolve("sub/file")));
        assertFalse(b.covers(dir.getParent()));
    }

    @Test
    void theDefaultIsSixtyFourGibibytes() {
        assertEquals(64L << 30, ServerLimits.defaults().maxDir());
        assertFalse(ServerLimits.defaults().keepFailed());
    }
}
