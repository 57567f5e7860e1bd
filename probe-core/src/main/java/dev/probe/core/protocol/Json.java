package dev.probe.core.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The one home of probe's JSON: the strict mapper of the wire protocol (small nesting and length limits), and
 * typed, range-checked reads of fields received from the network.
 */
public final class Json {
    public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(8)
                    .maxStringLength(4096)
                    .maxNumberLength(32)
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build());

    private Json() {
    }

    /** Parses a control payload, which must be one JSON object. */
    public static ObjectNode parseObject(byte[] bytes, FrameType type) {
        JsonNode node;
        try {
            node = MAPPER.readTree(bytes);
        } catch (IOException e) {
            throw new ProtocolException(type + " payload is not valid JSON: " + firstLine(e.getMessage()));
        }
        if (node == null || !node.isObject()) {
            throw new ProtocolException(type + " payload must be a JSON object, got "
                    + (node == null ? "nothing" : node.getNodeType().toString().toLowerCase(Locale.ROOT)));
        }
        return (ObjectNode) node;
    }

    /** Serialises a control body (or any JSON value). */
    public static byte[] bytes(JsonNode body) {
        try {
            return MAPPER.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise control frame", e);
        }
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    // Typed, range-checked reads of fields received from the network: a field of the wrong type is a
    // BadParameterException, never a coercion or a crash (iperf3's CVE-2024-53580).

    public static long requireLong(ObjectNode node, String field, long min, long max) {
        JsonNode v = require(node, field);
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new BadParameterException(field, "must be an integer, got " + show(v));
        }
        long value = v.longValue();
        if (value < min || value > max) {
            throw new BadParameterException(field, value + " is out of range [" + min + ", " + max + "]");
        }
        return value;
    }

    public static int requireInt(ObjectNode node, String field, int min, int max) {
        return (int) requireLong(node, field, min, max);
    }

    public static double requireDouble(ObjectNode node, String field, double min, double max) {
        JsonNode v = require(node, field);
        if (!v.isNumber()) {
            throw new BadParameterException(field, "must be a number, got " + show(v));
        }
        double value = v.doubleValue();
        if (!(value >= min && value <= max)) {
            throw new BadParameterException(field, value + " is out of range [" + min + ", " + max + "]");
        }
        return value;
    }

    public static boolean requireBoolean(ObjectNode node, String field) {
        JsonNode v = require(node, field);
        if (!v.isBoolean()) {
            throw new BadParameterException(field, "must be true or false, got " + show(v));
        }
        return v.booleanValue();
    }

    public static String requireString(ObjectNode node, String field, Pattern allowed) {
        JsonNode v = require(node, field);
        if (!v.isTextual()) {
            throw new BadParameterException(field, "must be a string, got " + show(v));
        }
        String s = v.textValue();
        if (!allowed.matcher(s).matches()) {
            throw new BadParameterException(field, "'" + abbreviate(s) + "' is not valid");
        }
        return s;
    }

    public static ObjectNode requireObject(ObjectNode node, String field) {
        JsonNode v = require(node, field);
        if (!v.isObject()) {
            throw new BadParameterException(field, "must be an object, got " + show(v));
        }
        return (ObjectNode) v;
    }

    private static JsonNode require(ObjectNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new BadParameterException(field, "is missing");
        }
        return v;
    }

    private static String show(JsonNode v) {
        return v.getNodeType().toString().toLowerCase(Locale.ROOT) + " " + abbreviate(v.toString());
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
