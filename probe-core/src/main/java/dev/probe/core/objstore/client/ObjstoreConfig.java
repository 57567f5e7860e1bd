package dev.probe.core.objstore.client;

import com.oracle.bmc.auth.BasicAuthenticationDetailsProvider;
import dev.probe.core.client.Egress;
import dev.probe.core.params.ObjstoreParams;
import dev.probe.core.protocol.BadParameterException;

/**
 * Where an object-storage run goes and who it is: the endpoint (null = the region's from the OCI config), the
 * namespace and bucket, the SDK authentication, the database size to project the time for, and the route the SDK's
 * connections take ({@code --bind}, {@code --dscp}; {@link Egress#DEFAULT}: the OS's choice).
 */
public record ObjstoreConfig(String endpoint, String namespace, String bucket, ObjstoreParams params,
        BasicAuthenticationDetailsProvider auth, long dbSize, Egress route) {
    /** Leaving by the OS's choice. */
    public ObjstoreConfig(String endpoint, String namespace, String bucket, ObjstoreParams params,
                          BasicAuthenticationDetailsProvider auth, long dbSize) {
        this(endpoint, namespace, bucket, params, auth, dbSize, Egress.DEFAULT);
    }

    public ObjstoreConfig {
        if (namespace == null || namespace.isBlank()) {
            throw new BadParameterException("namespace", "is missing");
        }
        if (bucket == null || bucket.isBlank()) {
            throw new BadParameterException("bucket", "is missing");
        }
        if (params == null || auth == null) {
            throw new BadParameterException("objstore", "params and authentication are required");
        }
        if (route == null) {
            route = Egress.DEFAULT;
        }
        if (dbSize <= 0) {
            throw new BadParameterException("db-size", dbSize + " bytes must be positive");
        }
        if (endpoint != null && !endpoint.matches("https?://[^\\s/]+(/.*)?")) {
            throw new BadParameterException("endpoint", "'" + endpoint + "' is not an http(s) URL");
        }
    }
}
