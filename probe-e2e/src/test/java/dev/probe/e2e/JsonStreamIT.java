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

/**
 * {@code --json-stream}: a run's events as JSON lines while it runs, from the jar: to standard output with {@code -}
 * (every line JSON, the report on standard error) and appended to a file; the end event is the {@code --json}
 * document.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JsonStreamIT extends ServerIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void clientEventsTakeStandardOutputAndEndWithTheResultDocument() throws Exception {
        Path json = dir.resolve("sync.json");
        try (ProbeProcess client = ProbeProcess.start("client", "127.0.0.1", "--port", "" + port, "--mode", "sync",
                "--rate", "500", "--duration", "3s", "--interval", "1s", "--json-stream", "-", "--json",
                json.toString())) {
            assertEquals(0, client.awaitExit());
            List<JsonNode> events = parse(client.stdout());
            assertEquals("start", events.get(0).path("event").asText());
            assertEquals("sync", events.get(0).at("/data/kind").asText());
            assertEquals("127.0.0.1:" + port, events.get(0).at("/data/target").asText());
            long intervals = events.stream().filter(e -> e.path("event").asText().equals("interval")).count();
            assertTrue(intervals >= 3, "an event a second: " + events);
            JsonNode end = events.get(events.size() - 1);
            assertEquals("end", end.path("event").asText());
            assertEquals(JSON.readTree(json.toFile()).path("summary"), end.at("/data/summary"),
                    "the end event is the --json document");
            assertTrue(client.stderr().contains("[Requesting a test]") || client.stderr().contains("Requesting"),
                    "the report went to standard error: " + client.stderr());
        }
    }

    @Test
    void bulkEventsAreAppendedToAFile() throws Exception {
        Path stream = dir.resolve("events.jsonl");
        for (int run = 1; run <= 2; run++) {
            try (ProbeProcess bulk = ProbeProcess.start("bulk", "127.0.0.1", "--port", "" + port, "--direction",
                    "backup",
                    "--channels", "2",
                    "--volume", "64MiB", "--piece-size", "16MiB", "--interval", "250ms", "--json-stream",
                    stream.toString())) {
                assertEquals(0, bulk.awaitExit(), bulk.stderr());
                assertTrue(bulk.printed("every chunk verified"), "the report stays on standard output");
            }
        }
        List<JsonNode> events = parse(Files.readString(stream));
        assertEquals(2, events.stream().filter(e -> e.path("event").asText().equals("start")).count(), "appended");
        List<JsonNode> ends = events.stream().filter(e -> e.path("event").asText().equals("end")).toList();
        assertEquals(2, ends.size());
        assertEquals(64L << 20, ends.get(1).at("/data/summary/bytes").asLong());
        assertTrue(events.stream().anyMatch(e -> e.path("event").asText().equals("interval")), events.toString());
    }

    @Test
    void aStreamToADirectoryIsRefusedBeforeAnyTraffic() throws Exception {
        try (ProbeProcess client = ProbeProcess.start("client", "127.0.0.1", "--port", "" + port, "--json-stream",
                dir.toString())) {
            assertEquals(2, client.awaitExit());
            assertEquals("probe: --json-stream " + dir + " is a directory; give a file name", client.stderr().strip()
                    .lines().findFirst().orElse(""));
        }
    }

    static List<JsonNode> parse(String lines) throws Exception {
        List<JsonNode> events = new ArrayList<>();
        for (String line : lines.split("\n")) {
            if (!line.isBlank()) {
                JsonNode e = JSON.readTree(line);
                assertTrue(e.has("event") && e.has("time") && e.has("data"), line);
                events.add(e);
            }
        }
        return events;
    }
}
