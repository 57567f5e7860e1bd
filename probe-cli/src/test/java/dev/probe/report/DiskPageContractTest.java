package dev.probe.report;

import static dev.probe.report.Format.fmt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.disk.DiskCheck;
import dev.probe.core.disk.DiskParams;
import dev.probe.core.disk.DiskResult;
import dev.probe.core.disk.Ladders;
import dev.probe.core.disk.Profile;
import dev.probe.core.disk.RedoHeadroom;
import dev.probe.core.testing.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * DiskPage against what core's {@code DiskResult} writes (with a redo rate's headroom, as {@code probe disk
 * --redo-rate} adds it): every profile briefly on the build directory's file system, the document read by the
 * page through {@link ReadKeys}; every answer, headroom row and point the page shows is the document's, and every
 * key it reads is one the writer wrote.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DiskPageContractTest {
    private static final double REDO_RATE = 20e6;
    private Path dir;
    private JsonNode doc;
    private final ReadKeys keys = new ReadKeys();
    private String html;

    @BeforeAll
    void checkTheDiskAndRenderThePage() throws Exception {
        dir = Files.createDirectories(Path.of("target", "disk-page-test", Long.toHexString(System.nanoTime())));
        assumeTrue(!Files.getFileStore(dir).type().equals("tmpfs"), "the build directory is in memory here");
        DiskResult r = new DiskCheck(dir, new DiskParams(64L << 20, EnumSet.allOf(Profile.class),
                Duration.ofMillis(20), 70, Duration.ofMillis(100), 4, false, false)).run(p -> {});
        ObjectNode d = r.toJson();
        RedoHeadroom.put((ObjectNode) d.get("summary"), REDO_RATE, RedoHeadroom.of(r.of("redo"), REDO_RATE));
        doc = d;
        html = Files.readString(DiskPage.write(keys.wrap(doc), dir.resolve("page")));
    }

    @AfterAll
    void clean() throws Exception {
        if (dir != null) {
            TestFiles.deleteTree(dir);
        }
    }

    @Test
    void everyKeyThePageReadsIsOneTheResultWrites() {
        Set<String> missing = new TreeSet<>(keys.missing());
        // summary.nfs is asked for only to choose NfsPage, whose document NfsResult writes (NfsCliTest renders it)
        missing.removeAll(Set.of("intervals[].read_latency_ms", "intervals[].write_latency_ms", "summary.nfs"));
        assertEquals(Set.of(), missing, "read by DiskPage, written by no DiskResult");
        assertTrue(keys.read().containsAll(List.of("summary.oltp.iops", "summary.dss.peak_mbps",
                "summary.redo[].latency_ms", "summary.redo_headroom[].busy", "intervals[].mbps")), keys.read()
                        .toString());
    }

    @Test
    void theAnswersAreTheDocuments() {
        JsonNode s = doc.path("summary");
        JsonNode dss = s.path("dss");
        assertTrue(html.contains(fmt("<b>%.1f MB/s</b> peak (%s, 1 MiB, %d outstanding)", dss.path("peak_mbps")
                .asDouble(), dss.path("workload").asText(), dss.path("outstanding").asInt())), dss.toString());
        JsonNode oltp = s.path("oltp");
        assertTrue(html.contains(oltp.path("iops").isNumber() ? fmt("<b>%.0f IOPS</b> at %d outstanding",
                oltp.path("iops").asDouble(), oltp.path("outstanding").asInt())
                : fmt("no point within %.1f ms", oltp.path("max_latency_ms").asDouble())), oltp.toString());
        assertEquals(Ladders.REDO_SIZES.length, s.path("redo").size());
        for (JsonNode r : s.path("redo")) {
            assertTrue(html.contains(fmt("synchronous write p50 <b>%.3f ms</b>, p99 %.3f ms, %.0f writes/s",
                    r.path("latency_ms").path("p50").asDouble(), r.path("latency_ms").path("p99").asDouble(),
                    r.path("writes_per_s").asDouble())), r.toString());
        }
        assertEquals(Ladders.REDO_SIZES.length, s.path("redo_headroom").size());
        for (JsonNode h : s.path("redo_headroom")) {
            assertTrue(html.contains(fmt("at %.1f MB/s</td><td>%s", REDO_RATE / 1e6, h.path("keeps_up").asBoolean()
                    ? fmt("one writer <b>%.0f %% busy</b>", h.path("busy").asDouble() * 100)
                    : fmt("<b>cannot keep up</b>: %.1fx", h.path("busy").asDouble()))), h.toString());
        }
    }

    @Test
    void everyPointIsARowAndEachChartIsThere() {
        assertTrue(doc.path("intervals").size() > 10, "points of every profile");
        for (JsonNode pt : doc.path("intervals")) {
            assertTrue(html.contains(fmt(
                    "<tr><td>%s</td><td>%s</td><td class=\"num\">%d</td><td class=\"num\">%.0f</td>"
                            + "<td class=\"num\">%.1f</td>", pt.path("workload").asText(), DiskPage.size(pt.path(
                                    "io_size")
                                    .asInt()), pt.path("outstanding").asInt(), pt.path("iops").asDouble(), pt.path(
                                            "mbps").asDouble())),
                    pt.toString());
        }
        for (String chart : List.of("oltp", "dss", "redo")) {
            assertTrue(Files.isRegularFile(dir.resolve("page").resolve(chart + ".svg")), chart);
            assertTrue(html.contains("<a href=\"" + chart + ".png\">PNG</a>"), chart);
        }
    }
}
