package dev.probe.core.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * What every result document a test writes must hold (issue 39): no latency below zero (a difference is never
 * printed where a latency belongs), and no NaN or Infinity in any text a user reads.
 */
public final class ResultInvariants {
    private static final Set<String> LATENCIES = Set.of("p50", "p90", "p99", "p999", "avg", "max", "min");
    /** Times in ms that are differences by nature: a clock's offset, a start's skew. */
    private static final Set<String> SIGNED = Set.of("clock_offset_ms", "start_skew_ms", "offset_ms");

    private ResultInvariants() {
    }

    /** Checks {@code doc} whole, naming the path of the first field that breaks a rule. */
    public static void check(JsonNode doc) {
        walk(doc, "");
    }

    private static void walk(JsonNode n, String path) {
        if (n.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String at = path + "/" + e.getKey();
                JsonNode v = e.getValue();
                boolean latency = LATENCIES.contains(e.getKey()) || e.getKey().endsWith("_ms");
                if (v.isNumber() && latency && !SIGNED.contains(e.getKey())) {
                    assertTrue(v.asDouble() >= 0, "a latency below zero at " + at + ": " + v);
                }
                walk(v, at);
            }
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                walk(n.get(i), path + "/" + i);
            }
        } else if (n.isTextual()) {
            assertFalse(n.asText().contains("NaN") || n.asText().contains("Infinity"), "NaN or Infinity at " + path
                    + ": " + n.asText());
        } else if (n.isNumber()) {
            assertTrue(Double.isFinite(n.asDouble()), "a number that is not finite at " + path);
        }
    }
}
