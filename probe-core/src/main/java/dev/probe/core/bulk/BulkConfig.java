package dev.probe.core.bulk;

import dev.probe.core.client.Target;
import dev.probe.core.params.BulkParams;
import dev.probe.core.protocol.BadParameterException;

/**
 * What a bulk run needs, validated once.
 *
 * @param target where to connect and how
 * @param params the run's shape
 * @param dbSize bytes of the database whose backup or restore time is projected (the paper's 1.06 TB by default)
 */
public record BulkConfig(Target target, BulkParams params, long dbSize) {

    public static final long PAPER_DB_SIZE = 1_060_000_000_000L;

    public BulkConfig {
        if (target == null) {
            throw new BadParameterException("target", "is missing");
        }
        if (params == null) {
            throw new BadParameterException("params", "is missing");
        }
        if (dbSize <= 0) {
            throw new BadParameterException("db-size", dbSize + " bytes must be positive");
        }
    }

    /** {@code params} against {@code host:port} with {@link Target#of}'s defaults, projected for the paper's database. */
    public static BulkConfig of(String host, int port, BulkParams params) {
        return new BulkConfig(Target.of(host, port), params, PAPER_DB_SIZE);
    }
}
