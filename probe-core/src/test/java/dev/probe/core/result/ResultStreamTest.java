package dev.probe.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A result document written as the run goes: one valid document when finished, nothing when the run fails. */
class ResultStreamTest {
    @TempDir
    Path dir;

    private static JsonDocument interval(int i) {
        return () -> {
            ObjectNode n = Json.object();
            n.put("t_s", i + 1.0);
            n.put("bytes", 1000L * i);
            return n;
        };
    }

    @Test
    void aFinishedStreamIsOneDocumentWithEveryIntervalAndTheTail() throws Exception {
        Path file = dir.resolve("r.json");
        ObjectNode params = Json.object().put("channels", 4);
        try (ResultStream out = ResultStream.open(file, "bulk", Instant.parse("2026-11-22T10:00:00Z"), params)) {
            assertFalse(Files.exists(file), "not in place before it is complete");
            for (int i = 0; i < 1000; i++) {
                out.interval(interval(i));
            }
            ObjectNode tail = Json.object();
            tail.putObject("summary").put("bytes", 42);
            tail.putArray("hosts").addObject().put("from", "node1:5556");
            out.finish(tail);
        }
        JsonNode doc = Json.MAPPER.readTree(file.toFile());
        assertEquals(TestResult.SCHEMA, doc.path("schema").asText());
        assertEquals("bulk", doc.path("kind").asText());
        assertEquals(4, doc.at("/params/channels").asInt());
        assertEquals(1000, doc.path("intervals").size());
        assertEquals(999_000, doc.at("/intervals/999/bytes").asLong());
        assertEquals(42, doc.at("/summary/bytes").asLong());
        assertEquals("node1:5556", doc.at("/hosts/0/from").asText());
        assertFalse(Files.exists(dir.resolve("r.json.partial")));
    }

    @Test
    void aRunThatFailsLeavesItsIntervalsMarkedIncompleteNotNothing() throws Exception {
        Path file = dir.resolve("r.json");
        assertThrows(IllegalStateException.class, () -> {
            try (ResultStream out = ResultStream.open(file, "sync", Instant.now(), Json.object())) {
                out.interval(interval(0));
                out.interval(interval(1));
                out.failed("agent node2:5556 lost: connection reset");
                throw new IllegalStateException("the run failed");
            }
        });
        JsonNode doc = Json.MAPPER.readTree(file.toFile());
        assertEquals(2, doc.path("intervals").size());
        assertEquals("agent node2:5556 lost: connection reset", doc.at("/incomplete/reason").asText());
        assertFalse(Files.exists(dir.resolve("r.json.partial")));
    }
}
