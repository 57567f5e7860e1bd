package dev.probe.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.bulk.BulkClient;
import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.ResultFiles;
import dev.probe.core.server.ServerConfig;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/** {@code report compare} on result files written by real bulk runs on 127.0.0.1. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CompareReportTest {
    @TempDir
    Path dir;

    private Path bulkResult(ProbeServer server, Direction d, String name) throws Exception {
        BulkParams p = BulkParams.builder(d, name).channels(2).volume(32L << 20).pieceSize(4L << 20)
                .interval(Duration.ofMillis(200)).build();
        var r = new BulkClient(BulkConfig.of("127.0.0.1", server.address().getPort(), p)).run(new BulkListener() {});
        Path file = dir.resolve(name + ".json");
        ResultFiles.writeJson(file, r.toJson());
        return file;
    }

    /** A copy of a real result with the impairment a lab sweep records in its params. */
    private Path asSweepCell(Path real, double rttMs, double lossPct, double gbps) throws Exception {
        ObjectNode d = (ObjectNode) Json.MAPPER.readTree(real.toFile());
        ((ObjectNode) d.get("params")).put("impair_rtt_ms", rttMs).put("impair_loss_pct", lossPct);
        ((ObjectNode) d.get("summary")).put("throughput_gbps", gbps);
        Path out = dir.resolve("cell-" + rttMs + "-" + lossPct + ".json");
        ResultFiles.writeJson(out, d);
        return out;
    }

    @Test
    void compareWritesHtmlPngSvgAndMarkdownFromRealResults() throws Exception {
        List<Path> results = new ArrayList<>();
        try (ProbeServer server = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0,
                dir.resolve("f"), null), line -> {})) {
            results.add(bulkResult(server, Direction.RESTORE, "r1"));
            results.add(bulkResult(server, Direction.BACKUP, "b1"));
        }
        Path real = results.get(0);
        for (double[] cell : new double[][] {{5, 0, 8.0}, {5, 0.1, 6.0}, {20, 0, 7.5}, {20, 0.1, 1.5}, {50, 0, 6.5},
                {50, 0.1, 0.5}}) {
            results.add(asSweepCell(real, cell[0], cell[1], cell[2]));
        }
        Path out = dir.resolve("report");
        CompareReport.Output o = new CompareReport(PaperData.load(), 1_060_000_000_000L).write(results, out);
        assertEquals(8, o.placements().size());
        for (String chart : List.of("throughput", "multiple", "time")) {
            BufferedImage png = ImageIO.read(out.resolve(chart + ".png").toFile());
            assertNotNull(png, chart + ".png is a PNG");
            assertEquals(Charts.WIDTH, png.getWidth());
            assertEquals(Charts.HEIGHT, png.getHeight());
            DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
            xml.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            Document svg = xml.newDocumentBuilder().parse(out.resolve(chart + ".svg").toFile());
            assertEquals("svg", svg.getDocumentElement().getNodeName(), chart + ".svg is SVG");
        }
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertEquals(3, html.split("<svg", -1).length - 1, "three charts inline: the page opens offline");
        assertTrue(html.contains("r1.json") && html.contains("b1.json"));
        assertTrue(html.contains("Your tipping points (restore)"), "the sweep's own tipping points");
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("| high | "), md);
        assertFalse(md.contains("Not random content"), "real runs send unique bytes: no note");

        TippingPoints.Result high = o.userTips().stream()
                .filter(t -> t.deliveryClass() == DeliveryClass.HIGH).findFirst().orElseThrow();
        assertEquals(5 + (2 - 8.0 / 6.0) / (5.0 - 8.0 / 6.0) * 15, high.tip2x().ms(), 1e-9);
        assertEquals(20 + (10 - 5.0) / (13.0 - 5.0) * 30, high.tip10x().ms(), 1e-9);

        CompareReport.Placement cell = o.placements().stream()
                .filter(p -> p.point().file().equals("cell-20.0-0.1.json")).findFirst().orElseThrow();
        assertEquals(DeliveryClass.HIGH, cell.point().deliveryClass());
        assertEquals(1.27, cell.paperGbps(), 1e-9, "paper's restore, High, 20 ms");
        assertEquals(1_060_000_000_000L * 8 / 1.5e9 / 60, cell.projectedMinutes(), 1e-6);
    }

    @Test
    void aRunWithAShrinkablePayloadIsNotedOnThePage() throws Exception {
        Path real;
        try (ProbeServer server = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0,
                dir.resolve("f"), null), line -> {})) {
            real = bulkResult(server, Direction.BACKUP, "b2");
        }
        ObjectNode half = (ObjectNode) Json.MAPPER.readTree(real.toFile());
        ((ObjectNode) half.get("params")).put("payload", "compressible:0.5");
        Path compressible = dir.resolve("half.json");
        ResultFiles.writeJson(compressible, half);
        ObjectNode old = (ObjectNode) Json.MAPPER.readTree(real.toFile());
        ((ObjectNode) old.get("params")).remove("payload");
        Path older = dir.resolve("older.json");
        ResultFiles.writeJson(older, old);
        Path out = dir.resolve("report-payload");
        new CompareReport(PaperData.load(), 1_060_000_000_000L).write(List.of(real, compressible, older), out);
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains(
                "Not random content: half.json sent compressible:0.5; older.json sent repeating (a probe "
                        + "older than unique payloads). A WAN optimiser"), md);
        assertFalse(md.contains("b2.json sent"), md);
        assertTrue(Files.readString(out.resolve("report.html")).contains("Not random content: half.json"));

        ObjectNode negative = (ObjectNode) Json.MAPPER.readTree(real.toFile());
        ((ObjectNode) negative.get("summary")).put("throughput_gbps", -5);
        Path bad = dir.resolve("negative.json");
        ResultFiles.writeJson(bad, negative);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CompareReport(PaperData.load(), 1_060_000_000_000L).write(List.of(bad), dir.resolve("x")));
        assertTrue(e.getMessage().contains("throughput -5.0 Gbit/s and RTT"), "no 'Infinity min' page (issue 23, "
                + "point 7): " + e.getMessage());
    }

    @Test
    void aFileThatIsNotAResultIsOneClearError() throws Exception {
        Path junk = dir.resolve("junk.json");
        Files.writeString(junk, "{\"hello\": 1}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CompareReport(PaperData.load(), 1L << 40).write(List.of(junk), dir.resolve("o")));
        assertTrue(e.getMessage().endsWith("is not a probe result (schema probe.result/1)"), e.getMessage());
    }

    @Test
    void redoTestsAreLeftOffTheRmanMapAndGuessedClassesSaySo() throws Exception {
        Path sync = dir.resolve("sync.json");
        Files.writeString(sync, "{\"schema\":\"probe.result/1\",\"kind\":\"sync\",\"params\":{\"num_conn\":1},"
                + "\"summary\":{\"throughput_mib_s\":40.0,\"latency_ms\":{\"p50\":0.02},"
                + "\"tcp\":{\"min_rtt_ms\":0.01,\"retransmit_ratio\":0.004}}}");
        IllegalArgumentException onlyRedo = assertThrows(IllegalArgumentException.class,
                () -> new CompareReport(PaperData.load(), 1L << 40).write(List.of(sync), dir.resolve("o1")));
        assertTrue(onlyRedo.getMessage().startsWith("no bulk or objstore result to place"), onlyRedo.getMessage());
        Path backup;
        try (ProbeServer server = ProbeServer.start(ServerConfig.defaults().forLoopback("127.0.0.1", 0,
                dir.resolve("f"), null), line -> {})) {
            backup = bulkResult(server, Direction.BACKUP, "lo");
        }
        Path objstore = dir.resolve("objstore.json");
        Files.writeString(objstore, "{\"schema\":\"probe.result/1\",\"kind\":\"objstore\",\"params\":"
                + "{\"direction\":\"restore\",\"channels\":4},\"summary\":{\"throughput_gbps\":1.5}}");
        Path out = dir.resolve("o2");
        CompareReport.Output o = new CompareReport(PaperData.load(), 1L << 40).write(List.of(sync, backup, objstore),
                out);
        assertEquals(1, o.placements().size(), "the sync test is not an RMAN run");
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("Left off the map and charts: sync.json (sync: a redo-style test"), md);
        assertTrue(md.contains("objstore.json (objstore: no round-trip time in it to place on the paper's map; the "
                + "OCI SDK's HTTP connections report no TCP RTT"), "issue 24: skipped with a note, not exit 2: " + md);
        assertFalse(md.contains("these charts are"), "the backup the user gave is drawn: " + md);
        assertTrue(Files.readString(out.resolve("report.html")).contains("Left off the map and charts"));
        String label = o.placements().get(0).point().classLabel();
        assertTrue(label.contains("(guess from TCP retransmits)") && label.contains("(RTT below the paper's 2 ms)"),
                "a loopback run's class is a guess, below the paper's RTTs: " + label);
        assertTrue(o.userTips().isEmpty(), "no multiples from runs that are not one sweep's");
    }
}
