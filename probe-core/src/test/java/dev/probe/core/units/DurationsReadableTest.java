package dev.probe.core.units;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Issue 24, point 3: durations a DBA reads, hours and days beside minutes. */
class DurationsReadableTest {
    @Test
    void spansReadInTheUnitThatFitsWithHoursOrDaysBeside() {
        assertEquals("3.9 s", Durations.readable(3.9));
        assertEquals("12.5 min", Durations.readable(750));
        assertEquals("150 min (2.5 h)", Durations.readable(9000));
        assertEquals("15,152 min (10.5 days)", Durations.readable(15_152 * 60));
        assertEquals("21,997 min (15.3 days)", Durations.readable(1_319_798.1),
                "the AWR lag peak that read '1319798.1 s'");
        assertEquals("never", Durations.readable(Double.POSITIVE_INFINITY));
    }
}
