package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code probe bulk} backup and restore through the jar, against a server storing pieces with {@code --dir}. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BulkJarIT extends ServerIT {
    @Override
    String[] serverFlags() {
        return new String[] {"--dir", dir.resolve("store").toString()};
    }

    private ProbeProcess bulk(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("bulk", "127.0.0.1", "--port", String.valueOf(port)));
        all.addAll(List.of(args));
        return ProbeProcess.start(all.toArray(new String[0]));
    }

    @Test
    void backupThenRestoreOfTheSameRunThroughTheJar() throws Exception {
        Path backupJson = dir.resolve("backup.json");
        ProbeProcess backup = bulk("--direction", "backup", "--channels", "4", "--volume", "100MiB", "--piece-size",
                "16MiB", "--run-id", "nightly-1", "--interval", "250ms", "--json", backupJson.toString(), "--csv",
                dir.resolve("backup.csv").toString());
        assertEquals(0, backup.awaitExit(), backup.stderr());
        assertTrue(backup.printed("The server is ready (storage: files)."), backup.stdout());
        assertTrue(backup.printed("every chunk verified"), backup.stdout());
        assertTrue(backup.printed("Projected for 1.06 TB = "), backup.stdout());
        JsonNode b = new ObjectMapper().readTree(backupJson.toFile());
        assertEquals("probe.result/1", b.get("schema").asText());
        assertEquals("bulk", b.get("kind").asText());
        assertEquals("backup", b.at("/params/direction").asText());
        assertEquals(4, b.at("/params/channels").asInt());
        assertEquals(100L << 20, b.at("/summary/bytes").asLong());
        assertEquals(7, b.at("/summary/pieces").asLong());
        assertTrue(b.at("/summary/verified").asBoolean());
        assertTrue(b.at("/summary/throughput_gbps").asDouble() > 0);
        assertTrue(b.at("/summary/projected_minutes").asDouble() > 0);
        assertEquals(4, b.get("channels").size());
        for (String f : List.of("id", "bytes", "pieces", "throughput_gbps")) {
            assertTrue(b.at("/channels/0/" + f).isNumber(), f);
        }
        try (var pieces = Files.list(dir.resolve("store/nightly-1"))) {
            assertEquals(7, pieces.filter(f -> f.getFileName().toString().startsWith("piece-")).count());
        }
        assertTrue(Files.isRegularFile(dir.resolve("store/nightly-1/content.json")), "what the pieces hold");
        assertTrue(Files.readAllLines(dir.resolve("backup.csv")).size() >= 2);

        Path restoreJson = dir.resolve("restore.json");
        ProbeProcess restore = bulk("--direction", "restore", "--channels", "3", "--volume", "100MiB",
                "--piece-size", "16MiB", "--run-id", "nightly-1", "--json", restoreJson.toString());
        assertEquals(0, restore.awaitExit(), restore.stderr());
        JsonNode r = new ObjectMapper().readTree(restoreJson.toFile());
        assertEquals("restore", r.at("/params/direction").asText());
        assertEquals("files", r.at("/params/storage").asText());
        assertEquals(100L << 20, r.at("/summary/bytes").asLong());
        assertTrue(r.at("/summary/verified").asBoolean());
    }

    @Test
    void reportCompareOnRealResultsWritesHtmlAndCharts() throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        assertEquals(0, bulk("--direction", "restore", "--channels", "2", "--volume", "64MiB", "--piece-size", "8MiB",
                "--json", a.toString()).awaitExit());
        assertEquals(0, bulk("--direction", "backup", "--channels", "2", "--volume", "64MiB", "--piece-size", "8MiB",
                "--json", b.toString()).awaitExit());
        Path out = dir.resolve("report");
        ProbeProcess report = ProbeProcess.start("report", "compare", a.toString(), b.toString(), "--out", out
                .toString());
        assertEquals(0, report.awaitExit(), report.stderr());
        assertTrue(report.printed("wrote " + out.resolve("report.html")), report.stdout());
        for (String f : List.of("report.html", "summary.md", "throughput.png", "throughput.svg", "multiple.png",
                "multiple.svg", "time.png", "time.svg")) {
            assertTrue(Files.size(out.resolve(f)) > 500, f);
        }
        byte[] png = Files.readAllBytes(out.resolve("time.png"));
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
        ProbeProcess paper = ProbeProcess.start("report", "paper");
        assertEquals(0, paper.awaitExit(), paper.stderr());
        assertTrue(paper.printed("24 of 24 printed tipping points agree"), paper.stdout());
    }

    @Test
    void restoreByDurationAgainstGeneratedContent() throws Exception {
        ProbeProcess restore = bulk("--direction", "restore", "--channels", "2", "--duration", "2s", "--piece-size",
                "64MiB");
        assertEquals(0, restore.awaitExit(), restore.stderr());
        assertTrue(restore.printed("storage: discard"), restore.stdout());
        assertTrue(restore.printed("Run finished."), restore.stdout());
    }

    @Test
    void restoreOfAPieceSizeThatDoesNotMatchTheStoredRunIsRefused() throws Exception {
        ProbeProcess backup = bulk("--direction", "backup", "--channels", "1", "--volume", "4MiB", "--piece-size",
                "1MiB",
                "--run-id", "small");
        assertEquals(0, backup.awaitExit(), backup.stderr());
        ProbeProcess restore = bulk("--direction", "restore", "--channels", "1", "--volume", "4MiB", "--piece-size",
                "2MiB", "--run-id", "small");
        assertEquals(4, restore.awaitExit());
        String err = restore.stderr().trim();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("restore: piece 0 of run small is stored with 1048576 bytes, not 2097152"), err);
    }

    @Test
    void nonsenseSizesGetOneLine() throws Exception {
        ProbeProcess zero = bulk("--direction", "backup", "--channels", "0");
        assertEquals(2, zero.awaitExit());
        assertTrue(zero.stderr().trim().startsWith("probe: --channels: 0 is out of range"), zero.stderr());
        ProbeProcess big = bulk("--direction", "backup", "--volume", "1GiB", "--piece-size", "2GiB");
        assertEquals(2, big.awaitExit());
        assertTrue(big.stderr().contains("larger than the volume"), big.stderr());
    }

    @Test
    void aCompressibleBackupPrintsWireAndLogicalRatesAndAFileOneIsRestoredFromTheFile() throws Exception {
        Path json = dir.resolve("half.json");
        ProbeProcess half = bulk("--direction", "backup", "--channels", "2", "--volume", "64MiB", "--piece-size",
                "16MiB", "--payload", "compressible:0.5", "--json", json.toString());
        assertEquals(0, half.awaitExit(), half.stderr());
        assertTrue(half.printed("Payload content type   = COMPRESSIBLE to 0.5 (unique per run)"), half.stdout());
        assertTrue(half.printed("Wire rate (compressible:0.5) = "), half.stdout());
        assertTrue(half.stdout().matches("(?s).*Logical rate \\(database blocks\\) = [0-9.]+ GiB/h \\(wire / 0\\.50.*"),
                half.stdout());
        assertTrue(half.printed("Projected, compressed to 0.50 = "), half.stdout());
        assertEquals("compressible:0.5", new ObjectMapper().readTree(json.toFile()).at("/params/payload").asText());

        Path sample = Files.writeString(dir.resolve("1_9_1.arc"), "redo change vector ".repeat(100_000));
        ProbeProcess file = bulk("--direction", "backup", "--channels", "2", "--volume", "32MiB", "--piece-size",
                "8MiB", "--run-id", "from-file", "--payload", "file:" + sample);
        assertEquals(0, file.awaitExit(), file.stderr());
        assertTrue(file.printed("Verification           = CRC32C of every piece, checked by the sender"), file
                .stdout());
        ProbeProcess back = bulk("--direction", "restore", "--channels", "2", "--volume", "32MiB", "--piece-size",
                "8MiB", "--run-id", "from-file");
        assertEquals(0, back.awaitExit(), back.stderr());
        assertTrue(back.printed("every chunk verified"), back.stdout());

        ProbeProcess missing = bulk("--direction", "backup", "--payload", "file:" + dir.resolve("none.arc"));
        assertEquals(2, missing.awaitExit());
        assertEquals("probe: --payload: file:" + dir.resolve("none.arc") + " is not a readable file",
                missing.stderr().trim());
        ProbeProcess bad = bulk("--direction", "backup", "--payload", "compressible:2");
        assertEquals(2, bad.awaitExit());
        String err = bad.stderr();
        assertEquals(1, err.trim().lines().count(), err);
        assertTrue(err.contains("--payload") && err.contains(
                "'compressible:2': R is the share compression leaves, from "
                        + "0.1 to 1"), err);
    }
}
