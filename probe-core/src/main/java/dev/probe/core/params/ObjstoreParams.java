package dev.probe.core.params;

import dev.probe.core.protocol.BadParameterException;
import java.util.Locale;

/**
 * An object-storage run: the bulk run's shape (direction, channels, volume or duration, piece size, run id,
 * verification) plus how pieces become objects: {@code partSize} bytes per multipart part, object names under
 * {@code prefix}, and whether to {@code keep} them afterwards.
 */
public record ObjstoreParams(BulkParams bulk, long partSize, String prefix, boolean keep) {

    public static final long MIN_PART = 1L << 20;
    public static final long MAX_PART = 5L << 30;

    public ObjstoreParams {
        if (bulk == null) {
            throw new BadParameterException("params", "is missing");
        }
        if (partSize < MIN_PART || partSize > MAX_PART || partSize % MIN_PART != 0) {
            throw new BadParameterException("part-size", partSize
                    + " bytes must be a whole number of MiB from 1 MiB to 5 GiB");
        }
        if (bulk.pieceSize() / partSize > 10_000) {
            throw new BadParameterException("part-size", "a piece of " + bulk.pieceSize()
                    + " bytes would need more than "
                    + "10000 parts of " + partSize);
        }
        if (prefix == null || prefix.length() > 512 || prefix.chars().anyMatch(c -> c < 0x20)) {
            throw new BadParameterException("prefix", "'" + prefix + "' is not a usable object name prefix");
        }
    }

    /** The object that holds piece {@code k}. */
    public String objectName(long k) {
        return prefix + String.format(Locale.ROOT, "piece-%010d", k);
    }
}
