package dev.probe.report;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzzes the files {@code probe report} reads from a user: result documents ({@code report compare RESULT.json},
 * any bytes: not JSON, another schema, missing or absurd figures) and tables with the paper's columns
 * ({@code report tipping --data FILE.csv}). The only allowed failure is the one-line IllegalArgumentException naming
 * the file; the CLI prints it as is.
 */
class ReportInputsFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void resultDocuments(byte[] input) throws Exception {
        Path file = Files.createTempFile("probe-fuzz-result", ".json");
        try {
            Files.write(file, input);
            MeasuredPoint p = MeasuredPoint.read(file);
            if (!(p.gbps() > 0) || !(p.rttMs() >= 0)) {
                throw new IllegalStateException("a point off the map passed: " + p);
            }
        } catch (IllegalArgumentException expected) {
            oneLine(expected, file.toString());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @FuzzTest(maxDuration = "5m")
    void paperTables(byte[] input) throws Exception {
        String text = new String(input, StandardCharsets.UTF_8);
        try {
            for (PaperRow row : PaperData.parseRows(Csv.read(new StringReader(text), "data.csv"), "data.csv")) {
                if (row.fcMtu() < 68 || row.fcMtu() > 65_535) {
                    throw new IllegalStateException("an MTU outside 68-65535 passed: " + row);
                }
            }
        } catch (IllegalArgumentException expected) {
            oneLine(expected, "data.csv");
        }
    }

    private static void oneLine(IllegalArgumentException e, String file) {
        if (e.getMessage() == null || !e.getMessage().contains(file) || e.getMessage().contains("\n")) {
            throw new IllegalStateException("not a one-line error naming " + file + ": " + e.getMessage(), e);
        }
    }
}
