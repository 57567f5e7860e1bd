package dev.probe.core.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedoHeadroomTest {
    private static LoadPoint redo(int size, long writes) {
        return new LoadPoint("redo", size, 1, 10, 0, writes, null, null, true);
    }

    @Test
    void oneWritersShareOfTheRedoRateAtEachSize() {
        // 32 KiB x 30,000 writes in 10 s = 98.3 MB/s; 512 B x 90,000 = 4.6 MB/s
        List<RedoHeadroom> h = RedoHeadroom.of(List.of(redo(512, 90_000), redo(32 << 10, 30_000)), 60e6);
        assertEquals(60 / 4.608, h.get(0).busy(), 1e-9);
        assertFalse(h.get(0).keepsUp());
        assertEquals("512 B: cannot keep up (13.0x what one writer writes at this size)", h.get(0).describe());
        assertEquals(60 / 98.304, h.get(1).busy(), 1e-9);
        assertTrue(h.get(1).keepsUp());
        assertEquals("32 KiB: one writer 61 % busy (1.6x headroom)", h.get(1).describe());

        ObjectNode summary = Json.object();
        RedoHeadroom.put(summary, 60e6, h);
        assertEquals(60e6, summary.get("redo_rate_bytes_s").asDouble());
        assertEquals(2, summary.get("redo_headroom").size());
        assertFalse(summary.get("redo_headroom").get(0).get("keeps_up").asBoolean());
    }
}
