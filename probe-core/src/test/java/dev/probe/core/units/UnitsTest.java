package dev.probe.core.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** Sizes and durations as users write them. */
class UnitsTest {
    @Test
    void sizesAcceptOratcptestAndIecAndSiSpellings() {
        assertEquals(0, Sizes.parse("0"));
        assertEquals(512, Sizes.parse("512"));
        assertEquals(65536, Sizes.parse("64k"));
        assertEquals(1048576, Sizes.parse("1M"));
        assertEquals(1048576, Sizes.parse("1MiB"));
        assertEquals(4194304, Sizes.parse("4194304"));
        assertEquals(1_000_000, Sizes.parse("1MB"));
        assertEquals(1_060_000_000_000L, Sizes.parse("1.06TB"));
        assertEquals(10L * 1024 * 1024 * 1024, Sizes.parse("10GiB"));
    }

    @Test
    void badSizesNameTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sizes.parse("abc"));
        assertTrue(e.getMessage().contains("'abc' is not a size"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Sizes.parse("5furlongs"));
        assertTrue(e.getMessage().contains("unknown size unit 'furlongs'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("-1"));
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("99999999999999TB"));
    }

    @Test
    void sizesDescribeLikeOratcptest() {
        assertEquals("1 Mbyte", Sizes.describe(1048576));
        assertEquals("0 bytes", Sizes.describe(0));
        assertEquals("64 Kbytes", Sizes.describe(65536));
        assertEquals("1000 bytes", Sizes.describe(1000));
    }

    @Test
    void durations() {
        assertEquals(Duration.ofSeconds(10), Durations.parse("10s"));
        assertEquals(Duration.ofMinutes(2), Durations.parse("2m"));
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals(Duration.ofHours(1), Durations.parse("1h"));
        assertEquals(Duration.ofSeconds(5), Durations.parse("5"));
        assertEquals(Duration.ofMillis(1500), Durations.parse("1.5s"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse("10 parsecs"));
        assertTrue(e.getMessage().contains("unknown time unit 'parsecs'"), e.getMessage());
        assertEquals("1 second", Durations.describe(Duration.ofSeconds(1)));
        assertEquals("10 seconds", Durations.describe(Duration.ofSeconds(10)));
        assertEquals("15.043 seconds", Durations.describe(Duration.ofMillis(15_043)), "issue 24: not '15043 ms'");
        assertEquals("3.4 seconds", Durations.describe(Duration.ofMillis(3_400)));
        assertEquals("250 ms", Durations.describe(Duration.ofMillis(250)));
    }

    @Test
    void rates() {
        assertEquals(1.0, Rates.mibPerSecond(1048576, 1_000_000_000L), 1e-9);
        assertEquals(8.0, Rates.gbps(1_000_000_000L, 1_000_000_000L), 1e-9);
        assertEquals(0, Rates.mibPerSecond(5, 0));
    }

    /** Issue 24, point 8: one rate parser; tc's spellings, Gbps and byte rates alike; ambiguity refused. */
    @Test
    void ratesAreReadOneWayAndAmbiguityIsRefused() {
        assertEquals(1_000_000_000L, Rates.parseBitRate("1gbit"));
        assertEquals(1_000_000_000L, Rates.parseBitRate("1Gbps"));
        assertEquals(1_000_000_000L, Rates.parseBitRate("125MB/s"));
        assertEquals(60e6 / 8, Rates.parseByteRate("60Mb/s"), 1e-6, "capital M, small b: megabits");
        IllegalArgumentException e = Assertions.assertThrows(IllegalArgumentException.class,
                () -> Rates.parseByteRate("60mb/s"));
        assertEquals("'60mb/s' is ambiguous: write 60MB/s for bytes (as AWR counts redo) or 60Mbit/s for bits",
                e.getMessage());
        Assertions.assertThrows(IllegalArgumentException.class, () -> Rates.parseBitRate("1000"),
                "a bare number: its unit would be a guess");
    }
}
