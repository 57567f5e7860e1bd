package dev.probe.core.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.HostPort;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.ObjstoreParams;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Json;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * An object-storage run as a fan-out carries it: the endpoint every agent goes to (named, never a profile's
 * region, so all hosts measure the same service and an agent connects only where the request says), namespace,
 * bucket and the run. Each agent signs with its own OCI config ({@code probe agent --oci-config}).
 */
public record ObjstoreLeg(String endpoint, String namespace, String bucket, ObjstoreParams params) implements
        SessionSpec {

    private static final Pattern URL = Pattern.compile("https?://[A-Za-z0-9._\\-\\[\\]:]{1,260}/?");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._\\-]{1,256}");

    public ObjstoreLeg {
        if (endpoint == null || !URL.matcher(endpoint).matches()) {
            throw new BadParameterException("endpoint", "'" + endpoint + "' is not an http(s) URL of a host and port");
        }
        if (namespace == null || !NAME.matcher(namespace).matches()) {
            throw new BadParameterException("namespace", "'" + namespace + "' is not a namespace name");
        }
        if (bucket == null || !NAME.matcher(bucket).matches()) {
            throw new BadParameterException("bucket", "'" + bucket + "' is not a bucket name");
        }
        if (params == null) {
            throw new BadParameterException("objstore", "is missing");
        }
    }

    /** The endpoint's host and port (443 or 80 by scheme when it names none): where the agent connects. */
    public HostPort target() {
        try {
            URI uri = new URI(endpoint);
            int port = uri.getPort() > 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
            return new HostPort(uri.getHost(), port);
        } catch (URISyntaxException e) {
            throw new BadParameterException("endpoint", "'" + endpoint + "' is not a URL");
        }
    }

    /** The same run with {@code bulk} as its shape and {@code suffix} on the object prefix. */
    ObjstoreLeg with(BulkParams bulk, String suffix) {
        return new ObjstoreLeg(endpoint, namespace, bucket,
                new ObjstoreParams(bulk, params.partSize(), params.prefix() + suffix, params.keep()));
    }

    @Override
    public String kind() {
        return "objstore";
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode n = params.bulk().toJson();
        n.put("endpoint", endpoint);
        n.put("namespace", namespace);
        n.put("bucket", bucket);
        n.put("part_size", params.partSize());
        n.put("prefix", params.prefix());
        n.put("keep", params.keep());
        return n;
    }

    static ObjstoreLeg fromJson(ObjectNode n) {
        return new ObjstoreLeg(Json.requireString(n, "endpoint", URL), Json.requireString(n, "namespace", NAME),
                Json.requireString(n, "bucket", NAME), new ObjstoreParams(BulkParams.fromJson(n),
                        Json.requireLong(n, "part_size", ObjstoreParams.MIN_PART, ObjstoreParams.MAX_PART),
                        Json.requireString(n, "prefix", Pattern.compile("[^\\x00-\\x1f]{0,512}")), Json.requireBoolean(
                                n, "keep")));
    }

    @Override
    public int connections() {
        return params.bulk().channels();
    }

    @Override
    public Duration expectedDuration() {
        return params.bulk().expectedDuration();
    }

    @Override
    public Duration interval() {
        return params.bulk().interval();
    }

    @Override
    public long sockbuf() {
        return 0;
    }

    @Override
    public String describe() {
        return "object-storage " + params.bulk().direction().wireName() + " to " + endpoint + " " + bucket + "/"
                + params.prefix() + ": " + params.bulk().describe();
    }
}
