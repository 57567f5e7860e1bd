package dev.probe.report;

import static dev.probe.report.Format.fmt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.bulk.BulkClient;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Json;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.ResultFiles;
import dev.probe.core.result.RunListener;
import dev.probe.core.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report compare}'s pages (ComparePage, through CompareReport and MeasuredPoint) against what core's
 * {@code BulkResult} and {@code TestResult} write: a real backup, restore and async run on 127.0.0.1, each document
 * read through {@link ReadKeys}; every row the pages show is the placement of its document, and every key read is
 * one a writer wrote.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ComparePageContractTest {
    /**
     * Keys a result carries only from a lab sweep (lab.SweepCampaign writes them into params), or only on a path TCP
     * could not measure; the map then falls back to TCP_INFO or the latency. A bulk run's {@code summary.model}
     * (whose {@code queued} --from reads) is written only on a lossy path, which loopback is not
     * (ModelProjectionTest writes it).
     */
    private static final Set<String> SWEEP_ONLY = Set.of("params.impair_rtt_ms", "params.impair_loss_pct",
            "params.channel_scale", "summary.model");

    @TempDir
    static Path dir;
    private final List<Path> results = new ArrayList<>();
    private final ReadKeys keys = new ReadKeys();
    private CompareReport.Output output;

    @BeforeAll
    void runOnLoopbackAndCompare() throws Exception {
        try (ProbeServer server = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0,
                dir.resolve("f"), null), line -> {})) {
            int port = server.address().getPort();
            for (Direction d : List.of(Direction.BACKUP, Direction.RESTORE)) { // a tie: backup, the first, is drawn
                BulkParams p = BulkParams.builder(d, "c-" + d.wireName()).channels(2)
                        .duration(Duration.ofMillis(1500)).pieceSize(4L << 20).interval(Duration.ofMillis(100)).build();
                save("bulk-" + d.wireName(), new BulkClient(BulkConfig.of("127.0.0.1", port, p))
                        .run(new BulkListener() {}).toJson());
            }
            TestParams a = TestParams.builder(Mode.ASYNC).length(1 << 20).duration(Duration.ofSeconds(1))
                    .interval(Duration.ofMillis(250)).build();
            save("async", new RedoClient(RedoConfig.of("127.0.0.1", port, a)).run(RunListener.NONE).toJson());
        }
        for (Path r : results) {
            MeasuredPoint.of(keys.wrap(Json.MAPPER.readTree(r.toFile())), r);
        }
        output = new CompareReport(PaperData.load(), 1_060_000_000_000L).write(results, dir.resolve("report"));
    }

    private void save(String name, ObjectNode doc) throws Exception {
        Path file = dir.resolve(name + ".json");
        ResultFiles.writeJson(file, doc);
        results.add(file);
    }

    @Test
    void everyKeyTheMapReadsIsOneTheResultsWrite() {
        Set<String> missing = new TreeSet<>(keys.missing());
        missing.removeAll(SWEEP_ONLY);
        assertEquals(Set.of(), missing, "read by report compare, written by no BulkResult or TestResult");
        assertTrue(keys.read().containsAll(List.of("summary.throughput_gbps", "summary.throughput_mib_s",
                "summary.tcp.min_rtt_ms", "params.payload", "params.num_conn", "params.channels",
                "summary.projection.steady_gbps")), keys.read().toString());
    }

    @Test
    void eachRowOfBothPagesIsItsResultsPlacement() throws Exception {
        assertEquals(2, output.placements().size(), "the backup and the restore; the async run is left off");
        String md = Files.readString(dir.resolve("report").resolve("summary.md"));
        String html = Files.readString(dir.resolve("report").resolve("report.html"));
        assertTrue(md.contains("Left off the map and charts: async.json (async: a redo-style test"), md);
        assertTrue(md.contains("bulk-restore.json (a restore run; these charts are backups)"), "a tie: the first "
                + "result's operation is drawn: " + md);
        for (CompareReport.Placement p : output.placements()) {
            MeasuredPoint m = p.point();
            assertTrue(List.of("bulk-backup.json", "bulk-restore.json").contains(m.file()), m.file());
            assertTrue(md.contains(fmt("| %s | %s | %s | %.3f |", m.file(), m.kind(), m.operation(), m.rttMs())),
                    m.toString());
            assertTrue(md.contains(fmt("| %.3f | %.3f | %.3f (%d) | %.1f | %.1f |", m.gbps(), p.paperGbps(),
                    p.modelGbps(), m.channels(), p.projectedMinutes(), p.projectedMinutes() / 60)), m.toString());
            assertTrue(html.contains(fmt("<tr><td>%s</td><td>%s</td><td>%s</td><td>%.3f</td>", m.file(), m.kind(),
                    m.operation(), m.rttMs())), m.toString());
            assertTrue(html.contains(fmt("<td>%.3f</td><td>%.3f</td><td>%.3f (%d)</td><td>%.1f</td><td>%.1f</td></tr>",
                    m.gbps(), p.paperGbps(), p.modelGbps(), m.channels(), p.projectedMinutes(),
                    p.projectedMinutes() / 60)), m.toString());
        }
        MeasuredPoint async = MeasuredPoint.read(dir.resolve("async.json"));
        assertEquals("redo", async.operation());
        JsonNode doc = Json.MAPPER.readTree(dir.resolve("async.json").toFile());
        assertEquals(doc.path("summary").path("throughput_mib_s").asDouble() * 1048576 * 8 / 1e9, async.gbps(), 1e-9,
                "the async run read as the map reads it, in Gbit/s");
    }
}
