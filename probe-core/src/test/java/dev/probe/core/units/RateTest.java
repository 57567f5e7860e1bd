package dev.probe.core.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.error.UsageException;
import org.junit.jupiter.api.Test;

/** Issue 56: a rate is parsed once at the edge, kept in bytes a second, printed in Oracle's decimal units. */
class RateTest {
    @Test
    void bytesInsideDecimalUnitsOutside() {
        assertEquals(45e6, Rate.parse("45MB/s").bytesPerSecond(), 1e-6);
        assertEquals(45e6, Rate.parse("360Mbit/s").bytesPerSecond(), 1e-6);
        assertEquals(45 * 1024 * 1024, Rate.parse("45MiB/s").bytesPerSecond(), 1e-6);
        assertEquals(360e6, Rate.parse("45MB/s").bitsPerSecond(), 1e-6);
        assertEquals("45.0 MB/s", Rate.parse("45MB/s").toString());
        assertEquals("45.0 MB/s (360.0 Mbit/s)", Rate.parse("360Mbit/s").described());
        UsageException e = assertThrows(UsageException.class, () -> Rate.parse("45"));
        assertTrue(e.getMessage().contains("'45' is not a rate"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Rate(Double.NaN));
    }
}
