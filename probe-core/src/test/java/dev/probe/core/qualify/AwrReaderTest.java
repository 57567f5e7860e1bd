package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AWR reader against what a user's hand, a pipe or a device can give it (issue 40, point 6): each is one line
 * naming --awr within a second, never an OutOfMemoryError, a hang or a wrong rate.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AwrReaderTest {
    private static final String HEADER = "INSTANCE_NUMBER,BEGIN_TIME,END_TIME,METRIC_NAME,AVERAGE,MAXVAL";
    private static final String ROW = "1,2026-11-02 10:00:00,2026-11-02 11:00:00,Redo Generated Per Sec,1000000,2000000";

    @TempDir
    Path dir;

    private static String refusal(Path file) {
        return assertTimeoutPreemptively(Duration.ofSeconds(1), () -> assertThrows(IllegalArgumentException.class,
                () -> AwrCsv.read(file))).getMessage();
    }

    private Path write(String name, List<String> lines) throws Exception {
        return Files.write(dir.resolve(name), lines);
    }

    @Test
    void aHundredMegabyteLineIsRefusedWithoutReadingItWhole() throws Exception {
        Path big = dir.resolve("big.csv");
        try (OutputStream out = Files.newOutputStream(big)) {
            out.write((HEADER + "\n").getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[1 << 20];
            Arrays.fill(chunk, (byte) '9');
            for (int i = 0; i < 100; i++) {
                out.write(chunk);
            }
        }
        assertEquals("--awr " + big + " line 2: longer than 4096 characters (not an AWR export)", refusal(big));
    }

    @Test
    void devicesAndPipesAreRefusedBeforeAnyRead() throws Exception {
        assertEquals("--awr /dev/zero: not a regular file (a CSV spooled from SQL*Plus expected)",
                refusal(Path.of("/dev/zero")));
        Path fifo = dir.resolve("fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, mk.waitFor());
        assertEquals("--awr " + fifo + ": not a regular file (a CSV spooled from SQL*Plus expected)", refusal(fifo));
        assertEquals("--awr " + dir + ": not a regular file (a CSV spooled from SQL*Plus expected)", refusal(dir));
    }

    @Test
    void theSameRowTwiceIsCountedOnceAndTheSameIntervalWithOtherFiguresIsRefused() throws Exception {
        RedoLoad load = AwrCsv.read(write("dup.csv", List.of(HEADER, ROW, ROW, ROW)));
        assertEquals(2e6, load.peakBytesPerSecond(), 1e-9, "three identical rows: 2.0 MB/s, not 6.0");
        assertTrue(load.source().contains("1 intervals; 2 repeated rows counted once"), load.source());
        Path clash = write("clash.csv", List.of(HEADER, ROW, ROW.replace("2000000", "3000000")));
        assertEquals("--awr " + clash + " line 3: instance 1's 2026-11-02T10:00 to 2026-11-02T11:00 is also at line 2 "
                + "with other figures: which one holds?", refusal(clash));
    }

    @Test
    void anUnclosedQuoteAndSubnormalValuesAreRefusedNotReadAsZero() throws Exception {
        Path quote = write("quote.csv", List.of(HEADER, "1,2026-11-02 10:00:00,2026-11-02 11:00:00,\"Redo Generated "
                + "Per Sec,1000000,2000000"));
        assertEquals("--awr " + quote + " line 2: a quote is not closed", refusal(quote));
        Path tiny = write("tiny.csv", List.of(HEADER, ROW.replace(",1000000,2000000", ",1e-320,1e-320")));
        assertEquals("--awr " + tiny + " line 2, column AVERAGE: '1e-320' is not a rate in bytes/s", refusal(tiny));
        Path zero = write("zero.csv", List.of(HEADER, ROW.replace(",1000000,2000000", ",0,0")));
        assertEquals("--awr " + zero + ": the busiest interval's redo rate is 0.0 bytes/s: no redo to qualify for",
                refusal(zero));
    }

    @Test
    void everyRefusalIsOneLine() throws Exception {
        for (Path p : List.of(Path.of("/dev/zero"), write("q.csv", List.of(HEADER, "\"")))) {
            assertFalse(refusal(p).contains("\n"), p.toString());
        }
    }
}
