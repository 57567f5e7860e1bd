package dev.probe.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A result document as a page reads it: a copy whose objects note every key looked up ({@code path}, {@code get},
 * {@code has}) and whether the document had it, by its place ({@code summary.lag.points[].t_s}). What a page asked
 * for that its writer never wrote shows in {@link #missing()}: the page and the writer are held together by a test,
 * as HdrHistogram tests its log reader against its writer.
 */
final class ReadKeys {
    private final Set<String> read = new TreeSet<>();
    private final Set<String> missing = new TreeSet<>();

    /** {@code doc}, copied into nodes that report to this log. */
    JsonNode wrap(JsonNode doc) {
        return copy(doc, "");
    }

    /** Every key looked up, present or not. */
    Set<String> read() {
        return read;
    }

    /** The keys looked up that the document did not have. */
    Set<String> missing() {
        return missing;
    }

    private JsonNode copy(JsonNode n, String at) {
        if (n.isObject()) {
            Map<String, JsonNode> kids = new LinkedHashMap<>();
            n.fields().forEachRemaining(e -> kids.put(e.getKey(), copy(e.getValue(), join(at, e.getKey()))));
            return new Recording(kids, at);
        }
        if (n.isArray()) {
            List<JsonNode> items = new ArrayList<>();
            n.forEach(x -> items.add(copy(x, at + "[]")));
            return new ArrayNode(JsonNodeFactory.instance, items);
        }
        return n;
    }

    private static String join(String at, String key) {
        return at.isEmpty() ? key : at + "." + key;
    }

    /** An object that notes its lookups. */
    private final class Recording extends ObjectNode {
        private static final long serialVersionUID = 1L;
        private final String at;

        Recording(Map<String, JsonNode> kids, String at) {
            super(JsonNodeFactory.instance, kids);
            this.at = at;
        }

        private void note(String key) {
            String place = join(at, key);
            read.add(place);
            if (super.get(key) == null) {
                missing.add(place);
            }
        }

        @Override
        public JsonNode path(String key) {
            note(key);
            return super.path(key);
        }

        @Override
        public JsonNode get(String key) {
            note(key);
            return super.get(key);
        }

        @Override
        public boolean has(String key) {
            note(key);
            return super.get(key) != null;
        }
    }
}
