package dev.probe.core.qualify;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzzes {@code qualify --awr FILE}: an AWR or GV$SYSMETRIC_HISTORY export as a user's file (any bytes: binary,
 * a BOM, odd quoting, huge numbers, bad times). The only allowed failure is the one-line IllegalArgumentException
 * naming the file (and line and column where there is one); the CLI prints it as is.
 */
class AwrFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void awrExports(byte[] input) throws Exception {
        Path file = Files.createTempFile("probe-fuzz-awr", ".csv");
        try {
            Files.write(file, input);
            RedoLoad load = AwrCsv.read(file);
            if (!(load.peakBytesPerSecond() >= 0)) {
                throw new IllegalStateException("a negative or NaN peak passed: " + load.peakBytesPerSecond());
            }
        } catch (IllegalArgumentException expected) {
            if (expected.getMessage() == null || !expected.getMessage().startsWith("--awr ")
                    || expected.getMessage().contains("\n")) {
                throw new IllegalStateException("not a one-line error naming --awr: " + expected.getMessage(),
                        expected);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
