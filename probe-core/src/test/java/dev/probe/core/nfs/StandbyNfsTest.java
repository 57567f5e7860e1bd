package dev.probe.core.nfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.Target;
import dev.probe.core.error.UsageException;
import dev.probe.core.qualify.Qualifier;
import dev.probe.core.qualify.QualifyConfig;
import dev.probe.core.qualify.RedoLoad;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.testing.GaneshaServer;
import dev.probe.core.testing.InNamespace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44 in qualify's standby disk step: {@code --affirm --standby-nfs SERVER:/EXPORT} times the standby's redo log
 * writes on the export from the standby's host (its probe server allowed to), one connection as the standby's redo
 * writer has through Direct NFS, each write made stable before its reply; the flags' misuse is refused in one line.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class StandbyNfsTest {
    @TempDir
    Path dir;

    @Test
    void theStandbysRedoWritesAreTimedOnItsExport() throws Exception {
        String why = GaneshaServer.whyNot();
        assumeTrue(why == null, why);
        Path export = Files.createDirectories(dir.resolve("export"));
        try (GaneshaServer nfs = GaneshaServer.start(Files.createDirectories(dir.resolve("g")), export)) {
            JsonNode doc = InNamespace.call(nfs.namespace(), () -> {
                try (ProbeServer server = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0,
                        dir.resolve("redo.log"), null).toBuilder().nfsAllow(List.of("127.0.0.1:" + export)).build(),
                        line -> {})) {
                    QualifyConfig config = QualifyConfig.builder(Target.of("127.0.0.1", server.address().getPort()),
                            RedoLoad.given(2e6)).modes(false, true).affirm(true).standbyNfs("127.0.0.1:" + export)
                            .commitBudget(Duration.ofMillis(50), Duration.ofMillis(0)).budget(Duration.ofSeconds(15))
                            .build();
                    return new Qualifier(config).run((i, n, s) -> {}).toJson();
                }
            });
            JsonNode standby = doc.path("standby_disk");
            assertEquals("nfs://127.0.0.1" + export, standby.path("dir").asText(), standby.toString());
            assertEquals("nfs3 (user space, 1 connection)", standby.path("file_system").asText());
            assertEquals(5, standby.path("redo").size(), "every redo write size");
            for (JsonNode r : standby.path("redo")) {
                assertTrue(r.at("/latency_ms/p50").asDouble() > 0, r.toString());
            }
            assertEquals(5, standby.path("redo_headroom").size());
        }
    }

    @Test
    void theFlagsMisuseIsRefusedInOneLine() {
        QualifyConfig.Builder b = QualifyConfig.builder(Target.of("127.0.0.1", 1), RedoLoad.given(2e6));
        assertEquals("--standby-nfs times the standby's redo log writes for --affirm; give --affirm too",
                assertThrows(UsageException.class, () -> b.standbyNfs("h:/x").build()).getMessage());
        assertEquals("--standby-nfs and --standby-dir both name the standby's redo logs; give one",
                assertThrows(UsageException.class, () -> b.affirm(true).standbyNfs("h:/x").standbyDir("r").build())
                        .getMessage());
        assertTrue(assertThrows(UsageException.class, () -> b.affirm(true).standbyDir(null).standbyNfs("h").build())
                .getMessage().startsWith("--standby-nfs: 'h' is not SERVER:/EXPORT"));
    }
}
