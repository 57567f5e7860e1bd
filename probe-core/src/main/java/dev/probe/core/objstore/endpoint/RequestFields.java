package dev.probe.core.objstore.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.objstore.ContentMeta;
import dev.probe.core.protocol.Json;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** Typed reads of what a request carries (JSON fields, metadata headers, numbers), each failure a 400. */
final class RequestFields {
    private RequestFields() {
    }

    /** An aggregated request's body as one JSON object. */
    static JsonNode jsonBody(HttpRequest request) {
        if (!(request instanceof FullHttpRequest)) {
            throw OciError.badRequest("the body must be a JSON object");
        }
        ByteBuf content = ((FullHttpRequest) request).content();
        byte[] bytes = new byte[content.readableBytes()];
        content.getBytes(content.readerIndex(), bytes);
        JsonNode parsed;
        try {
            parsed = Json.MAPPER.readTree(bytes);
        } catch (IOException e) {
            throw OciError.badRequest("the body is not valid JSON");
        }
        if (parsed == null || !parsed.isObject()) {
            throw OciError.badRequest("the body must be a JSON object");
        }
        return parsed;
    }

    static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual() || v.textValue().isEmpty() || v.textValue().length() > 1024) {
            throw OciError.badRequest(field + " must be a non-empty string");
        }
        return v.textValue();
    }

    /** {@code opc-meta-*} headers, keys lower-cased and without the prefix. */
    static Map<String, String> metaHeaders(HttpHeaders h) {
        Map<String, String> meta = new HashMap<>();
        h.forEach(e -> {
            String k = e.getKey().toLowerCase(Locale.ROOT);
            if (k.startsWith("opc-meta-")) {
                meta.put(k.substring("opc-meta-".length()), e.getValue());
            }
        });
        return meta;
    }

    /** A JSON {@code metadata} object, keys as {@link #metaHeaders} gives them. */
    static Map<String, String> metadata(JsonNode n) {
        Map<String, String> meta = new HashMap<>();
        n.properties().forEach(e -> meta.put(e.getKey().toLowerCase(Locale.ROOT)
                .replaceFirst("^opc-meta-", ""), e.getValue().asText()));
        return meta;
    }

    /**
     * What probe-generated content a blob holds, from its {@code probe-*} metadata ({@link ContentMeta}), or null
     * when it has none or holds a user's file, which only the client has.
     */
    static BlobStore.Generated generated(Map<String, String> meta, int partNumber, long partSize) {
        ContentMeta c;
        try {
            c = ContentMeta.from(meta);
        } catch (IllegalArgumentException e) {
            throw OciError.badRequest(e.getMessage());
        }
        if (c == null || !c.payload().derivable()) {
            return null;
        }
        long offset = partNumber <= 1 ? 0 : (partNumber - 1) * partSize;
        return new BlobStore.Generated(c.open(), c.piece(), offset);
    }

    static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    static int parseInt(String s, int dflt) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, parseLong(s, dflt)));
    }

    static long parseLong(String s, long dflt) {
        if (s == null) {
            return dflt;
        }
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            throw OciError.badRequest("'" + s + "' is not a number");
        }
    }
}
