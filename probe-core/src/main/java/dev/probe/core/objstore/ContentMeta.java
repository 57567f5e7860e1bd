package dev.probe.core.objstore;

import dev.probe.core.error.UsageException;
import dev.probe.core.payload.Content;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.BadParameterException;
import java.util.Map;

/**
 * Which probe content an object holds, as object metadata ({@code opc-meta-probe-*}): the run, the piece, the
 * run's salt and its payload. A restore checks an object against it and the endpoint's discard store
 * regenerates objects from it; both sides of objstore read it here.
 *
 * @param runId   the run that wrote the object
 * @param piece   the piece it holds
 * @param salt    the run's salt (with the run id, the content's seed)
 * @param payload what the run sent
 * @param stride  the run's piece size: where a file payload's piece starts in the file's loop
 */
public record ContentMeta(String runId, long piece, long salt, Payload payload, long stride) {

    public static final String CONTENT = "probe-content";
    public static final String SALT = "probe-salt";
    public static final String PAYLOAD = "probe-payload";
    public static final String PART_SIZE = "probe-part-size";
    public static final String PIECE_SIZE = "probe-piece-size";

    /** The seed of the object's content. */
    public long seed() {
        return Content.seed(runId, salt);
    }

    /** The content to check the object against (opens a file payload's file: close it). */
    public Content open() {
        return Content.of(payload, seed(), stride);
    }

    /** The metadata to write with an object uploaded in parts of {@code partSize}. */
    public Map<String, String> toMap(long partSize) {
        return Map.of(CONTENT, runId + "/" + piece, SALT, Long.toHexString(salt), PAYLOAD, payload.toString(),
                PART_SIZE, String.valueOf(partSize), PIECE_SIZE, String.valueOf(stride));
    }

    /**
     * Reads the metadata; null when the object has no {@code probe-content}. A malformed value is an
     * IllegalArgumentException whose message names the key and the value.
     */
    public static ContentMeta from(Map<String, String> meta) {
        String c = meta.get(CONTENT);
        if (c == null) {
            return null;
        }
        int slash = c.lastIndexOf('/');
        try {
            long piece = Long.parseLong(c.substring(slash + 1));
            if (slash < 1 || piece < 0) {
                throw new NumberFormatException();
            }
            String salt = meta.getOrDefault(SALT, "0");
            Payload payload = Payload.parse(meta.getOrDefault(PAYLOAD, "random"));
            long stride = Long.parseLong(meta.getOrDefault(PIECE_SIZE, "0"));
            return new ContentMeta(c.substring(0, slash), piece, Long.parseUnsignedLong(salt, 16), payload, stride);
        } catch (NumberFormatException | BadParameterException | StringIndexOutOfBoundsException e) {
            throw new UsageException("opc-meta-" + CONTENT + "/" + SALT + "/" + PAYLOAD + " must be "
                    + "RUN_ID/PIECE, a hex salt and a payload; got " + c + ", " + meta.get(SALT) + ", "
                    + meta.get(PAYLOAD));
        }
    }
}
