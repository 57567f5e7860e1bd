package dev.probe.core.params;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.regex.Pattern;

/**
 * Typed, range-checked reads of JSON fields received from the network. A field of the wrong type is a
 * {@link BadParameterException}, never a coercion or a crash (iperf3's CVE-2024-53580).
 */
public final class JsonFields {
    private JsonFields() {
    }

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
        return v.getNodeType().toString().toLowerCase(java.util.Locale.ROOT) + " " + abbreviate(v.toString());
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
