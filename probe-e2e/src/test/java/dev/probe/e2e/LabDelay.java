package dev.probe.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;

/**
 * What the host added to a lab link over a window, from the lab's own counters ({@code lab status --json}): the
 * mean time a direction's packets left after their due time plus the mean time its threads waited for a CPU each
 * time they woke. A userspace link is the link asked for only while this stays small; where the host starves the
 * forwarder, a round trip or a rate it sets is the host's, and a test says so instead of holding it to the link.
 */
final class LabDelay {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LabDelay() {}

    /** {@code lab status --name name --json}, parsed. */
    static JsonNode state(String name) throws Exception {
        ProbeProcess status = ProbeProcess.start("lab", "status", "--name", name, "--json");
        if (status.awaitExit() != 0) {
            throw new AssertionError("lab status --name " + name + ": " + status.stderr());
        }
        return JSON.readTree(status.stdout());
    }

    /**
     * Milliseconds the host added to one direction, on average, between {@code before} and {@code after} (two
     * readings of its counters; a missing {@code before} counts from the link's start).
     */
    static double addedMs(JsonNode before, JsonNode after) {
        double late = delta(before, after, "late_ns") / Math.max(1, delta(before, after, "forwarded"));
        double wait = delta(before, after, "cpu_wait_ns") / Math.max(1, delta(before, after, "cpu_runs"));
        return (late + wait) / 1e6;
    }

    /** The sum of {@link #addedMs} over a link's directions, named by their fields in both states. */
    static double roundTripMs(JsonNode before, JsonNode after, List<String> directions) {
        double ms = 0;
        for (String d : directions) {
            ms += addedMs(before.path(d), after.path(d));
        }
        return ms;
    }

    private static double delta(JsonNode before, JsonNode after, String field) {
        return after.path(field).asDouble() - before.path(field).asDouble();
    }
}
