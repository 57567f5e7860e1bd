package dev.probe.core.client;

import dev.probe.core.params.BadParameterException;
import dev.probe.core.params.BulkParams;
import java.time.Duration;

/**
 * What a bulk run needs, validated once.
 *
 * @param dbSize bytes of the database whose backup or restore time is projected (the paper's 1.06 TB by default)
 */
public record BulkConfig(String host, int port, BulkParams params, Duration connectTimeout, Duration timeout,
                         long dbSize, ClientSecurity security) {
    public static final long PAPER_DB_SIZE = 1_060_000_000_000L;

    public BulkConfig {
        ClientConfig.checkEndpoint(host, port, connectTimeout, timeout);
        if (params == null) {
            throw new BadParameterException("params", "is missing");
        }
        if (dbSize <= 0) {
            throw new BadParameterException("db-size", dbSize + " bytes must be positive");
        }
        if (security == null) {
            security = ClientSecurity.none();
        }
    }

    public static BulkConfig of(String host, int port, BulkParams params) {
        return new BulkConfig(host, port, params, Duration.ofSeconds(10), Duration.ofSeconds(30), PAPER_DB_SIZE,
                ClientSecurity.none());
    }
}
