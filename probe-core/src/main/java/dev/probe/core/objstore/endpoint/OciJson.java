package dev.probe.core.objstore.endpoint;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** The JSON bodies the OCI Java SDK expects from Object Storage. */
final class OciJson {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private OciJson() {
    }

    static String time(Instant t) {
        return TIME.format(t);
    }

    static ObjectNode bucket(ObjectStore.Bucket b) {
        ObjectNode n = Json.object();
        n.put("namespace", b.namespace());
        n.put("name", b.name());
        n.put("compartmentId", b.compartmentId());
        n.put("createdBy", "probe");
        n.put("timeCreated", time(b.created()));
        n.put("etag", b.etag());
        n.put("publicAccessType", "NoPublicAccess");
        n.put("storageTier", "Standard");
        n.putObject("metadata");
        return n;
    }

    static ObjectNode objectSummary(ObjectStore.StoredObject o) {
        ObjectNode n = Json.object();
        n.put("name", o.name());
        n.put("size", o.size());
        n.put("md5", o.md5() != null ? o.md5() : o.multipartMd5());
        n.put("timeCreated", time(o.created()));
        n.put("etag", o.etag());
        return n;
    }

    static ObjectNode list(List<ObjectStore.StoredObject> objects, int limit) {
        ObjectNode n = Json.object();
        ArrayNode arr = n.putArray("objects");
        objects.stream().limit(limit).forEach(o -> arr.add(objectSummary(o)));
        n.putArray("prefixes");
        if (objects.size() > limit) {
            n.put("nextStartWith", objects.get(limit).name());
        }
        return n;
    }

    static ObjectNode upload(ObjectStore.Upload u, String namespace) {
        ObjectNode n = Json.object();
        n.put("namespace", namespace);
        n.put("bucket", u.bucket);
        n.put("object", u.object);
        n.put("uploadId", u.id);
        n.put("timeCreated", time(u.created));
        n.put("storageTier", "Standard");
        return n;
    }

    static ArrayNode parts(ObjectStore.Upload u) {
        ArrayNode arr = Json.MAPPER.createArrayNode();
        for (ObjectStore.Part p : u.parts.values()) {
            arr.addObject().put("partNumber", p.number()).put("etag", p.etag()).put("md5", p.md5()).put("size", p
                    .size());
        }
        return arr;
    }

    static ObjectNode error(OciError e) {
        ObjectNode n = Json.object();
        n.put("code", e.code());
        n.put("message", e.getMessage());
        return n;
    }
}
