package dev.probe.core.params;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.payload.Content;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Json;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * A bulk run, RMAN-style: {@code channels} TCP connections move pieces of {@code pieceSize} bytes taken from a
 * shared queue, until {@code volume} bytes have moved (the last piece short) or, with volume 0, for
 * {@code duration}. Validated once here; both ends use it.
 *
 * @param runId  names the run; the server stores a backup's pieces under it and a restore reads them back
 * @param verify the receiver checks every 1 MiB chunk of every piece with CRC32C
 * @param congestion TCP congestion control both ends set on the channels' sockets (e.g. cubic), null = the
 *                   system's default
 * @param payload what the pieces hold (random unless the user chose otherwise)
 * @param salt    this run's salt: with the run id it seeds the content, so two runs of one name still differ
 */
public record BulkParams(Direction direction, int channels, long volume, Duration duration, long pieceSize,
        Duration interval, long sockbuf, boolean verify, String runId, String congestion,
        Payload payload, long salt)
        implements SessionSpec {

    public static final int MAX_CHANNELS = Frames.MAX_CONNECTIONS;
    public static final long MIN_PIECE = 64 * 1024;
    public static final long MAX_PIECE = Frames.MAX_PIECE;
    public static final long MAX_VOLUME = 1L << 50;
    /** Payload bytes per DATA frame within a piece: one block of content, which a receiver checks from tables. */
    public static final int CHUNK = Content.BLOCK;
    /** Starts with a letter or digit, so it is never "." or ".." when used as a directory name. */
    public static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    /** A kernel congestion control name (TCP_CA_NAME_MAX is 16 with the terminating zero). */
    public static final Pattern CONGESTION = Pattern.compile("[a-z][a-z0-9_]{0,14}");
    /** A payload's spelling on the wire (random, compressible:R, zeros, file:PATH). */
    public static final Pattern PAYLOAD = Pattern.compile("[\\p{Print}]{1,1100}");
    private static final Pattern SALT = Pattern.compile("[0-9a-f]{1,16}");

    /**
     * A {@code direction} run named {@code runId}, from these defaults: 1 channel, 1 MiB pieces, 1-s intervals, the
     * system's socket buffers, verified, the system's congestion control, random content, a fresh salt; give a
     * volume or a duration, and set the rest by name.
     */
    public static Builder builder(Direction direction, String runId) {
        return new Builder(direction, runId);
    }

    public BulkParams {
        if (direction == null) {
            throw new BadParameterException("direction", "is missing");
        }
        if (channels < 1 || channels > MAX_CHANNELS) {
            throw new BadParameterException("channels", channels + " is out of range [1, " + MAX_CHANNELS + "]");
        }
        if (pieceSize < MIN_PIECE || pieceSize > MAX_PIECE) {
            throw new BadParameterException("piece-size", pieceSize + " bytes is out of range [" + MIN_PIECE + ", "
                    + MAX_PIECE + "]");
        }
        if (volume < 0 || volume > MAX_VOLUME) {
            throw new BadParameterException("volume", volume + " bytes is out of range [0, " + MAX_VOLUME + "]");
        }
        if (duration == null || duration.isNegative()) {
            throw new BadParameterException("duration", "is missing");
        }
        if ((volume == 0) == duration.isZero()) {
            throw new BadParameterException("volume", "give either a volume or a duration, not "
                    + (volume == 0 ? "neither" : "both"));
        }
        if (volume > 0 && pieceSize > volume) {
            throw new BadParameterException("piece-size", pieceSize + " bytes is larger than the volume of " + volume
                    + " bytes");
        }
        if (duration.compareTo(TestParams.MAX_DURATION) > 0) {
            throw new BadParameterException("duration", duration.toSeconds() + " s is over the maximum of "
                    + TestParams.MAX_DURATION.toSeconds() + " s");
        }
        if (interval == null || interval.compareTo(Duration.ofMillis(100)) < 0 || interval.compareTo(Duration.ofHours(
                1)) > 0) {
            throw new BadParameterException("interval", (interval == null ? "missing" : interval.toMillis() + " ms")
                    + " is out of range [100 ms, 1 h]");
        }
        if (sockbuf < 0 || sockbuf > TestParams.MAX_SOCKBUF) {
            throw new BadParameterException("sockbuf", sockbuf + " is out of range [0, " + TestParams.MAX_SOCKBUF
                    + "]");
        }
        if (runId == null || !RUN_ID.matcher(runId).matches()) {
            throw new BadParameterException("run-id", "'" + runId
                    + "' must be 1-64 of A-Z a-z 0-9 . _ -, starting with a letter or digit");
        }
        if (payload == null) {
            throw new BadParameterException("payload", "is missing");
        }
        if (congestion != null && !CONGESTION.matcher(congestion).matches()) {
            throw new BadParameterException("congestion", "'" + congestion + "' is not a congestion control name "
                    + "(e.g. cubic, bbr, reno)");
        }
    }

    @Override
    public int connections() {
        return channels;
    }

    @Override
    public Duration expectedDuration() {
        return duration;
    }

    @Override
    public String kind() {
        return "bulk";
    }

    @Override
    public String describe() {
        return "bulk " + direction.wireName() + " run " + runId + ", " + channels + " channel(s), "
                + (volume > 0 ? volume + " bytes" : duration.toSeconds() + " s") + " in " + pieceSize + "-byte pieces"
                + (verify ? ", verified" : "") + (congestion == null ? "" : ", " + congestion)
                + (payload.type() == Payload.Type.RANDOM ? "" : ", payload " + payload);
    }

    /** This run's values, to change some by name. */
    public Builder toBuilder() {
        return builder(direction, runId).channels(channels).volume(volume).duration(duration).pieceSize(pieceSize)
                .interval(interval).sockbuf(sockbuf).verify(verify).congestion(congestion).payload(payload).salt(salt);
    }

    /** The same run with {@code content} and {@code newSalt}. */
    public BulkParams withContent(Payload content, long newSalt) {
        return toBuilder().payload(content).salt(newSalt).build();
    }

    /** What this run's pieces hold, as a stored backup records it: {@code {"payload", "salt"}}. */
    public ObjectNode contentRecord() {
        ObjectNode n = Json.object();
        n.put("payload", payload.toString());
        n.put("salt", Long.toHexString(salt));
        return n;
    }

    /** The same run holding what {@code record} ({@link #contentRecord()}'s form) says. */
    public BulkParams withContentRecord(ObjectNode record) {
        return withContent(Payload.parse(Json.requireString(record, "payload", PAYLOAD)),
                Long.parseUnsignedLong(Json.requireString(record, "salt", SALT), 16));
    }

    /** The seed of this run's content (run id and salt). */
    public long seed() {
        return Content.seed(runId, salt);
    }

    /** Number of pieces in volume mode (the last may be short); unbounded (Long.MAX_VALUE) in duration mode. */
    public long pieceCount() {
        return volume == 0 ? Long.MAX_VALUE : (volume + pieceSize - 1) / pieceSize;
    }

    /** Length of piece {@code k}. */
    public long pieceLength(long k) {
        return volume == 0 ? pieceSize : Math.min(pieceSize, volume - k * pieceSize);
    }

    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("direction", direction.wireName());
        n.put("channels", channels);
        n.put("volume", volume);
        n.put("duration_s", duration.toNanos() / 1e9);
        n.put("piece_size", pieceSize);
        n.put("interval_s", interval.toNanos() / 1e9);
        n.put("sockbuf", sockbuf);
        n.put("verify", verify);
        n.put("run_id", runId);
        if (congestion != null) {
            n.put("congestion", congestion);
        }
        n.put("payload", payload.toString());
        n.put("salt", Long.toHexString(salt));
        return n;
    }

    public static BulkParams fromJson(ObjectNode n) {
        return new BulkParams(
                Direction.parse(Json.requireString(n, "direction", Pattern.compile("backup|restore"))),
                Json.requireInt(n, "channels", 1, MAX_CHANNELS),
                Json.requireLong(n, "volume", 0, MAX_VOLUME),
                Duration.ofNanos(Math.round(Json.requireDouble(n, "duration_s", 0, TestParams.MAX_DURATION
                        .toSeconds()) * 1e9)),
                Json.requireLong(n, "piece_size", MIN_PIECE, MAX_PIECE),
                Duration.ofNanos(Math.round(Json.requireDouble(n, "interval_s", 0.1, 3_600) * 1e9)),
                Json.requireLong(n, "sockbuf", 0, TestParams.MAX_SOCKBUF),
                Json.requireBoolean(n, "verify"),
                Json.requireString(n, "run_id", RUN_ID),
                n.has("congestion") ? Json.requireString(n, "congestion", CONGESTION) : null,
                n.has("payload") ? Payload.parse(Json.requireString(n, "payload", PAYLOAD)) : Payload.RANDOM,
                n.has("salt") ? Long.parseUnsignedLong(Json.requireString(n, "salt", SALT), 16) : 0);
    }

    /** A bulk run's values by name; {@link #build} checks the whole. */
    public static final class Builder {
        private final Direction direction;
        private final String runId;
        private int channels = 1;
        private long volume;
        private Duration duration = Duration.ZERO;
        private long pieceSize = 1L << 20;
        private Duration interval = Duration.ofSeconds(1);
        private long sockbuf;
        private boolean verify = true;
        private String congestion;
        private Payload payload = Payload.RANDOM;
        private long salt = Content.newSalt();

        private Builder(Direction direction, String runId) {
            this.direction = direction;
            this.runId = runId;
        }

        public Builder channels(int n) {
            this.channels = n;
            return this;
        }

        /** Bytes to move in all (the last piece short); 0 with a {@link #duration}. */
        public Builder volume(long bytes) {
            this.volume = bytes;
            return this;
        }

        /** How long to move pieces; zero with a {@link #volume}. */
        public Builder duration(Duration length) {
            this.duration = length;
            return this;
        }

        public Builder pieceSize(long bytes) {
            this.pieceSize = bytes;
            return this;
        }

        /** How often progress is reported. */
        public Builder interval(Duration every) {
            this.interval = every;
            return this;
        }

        /** SO_SNDBUF/SO_RCVBUF for every channel; 0 = the system's autotuning. */
        public Builder sockbuf(long bytes) {
            this.sockbuf = bytes;
            return this;
        }

        /** The receiver checks every chunk with CRC32C. */
        public Builder verify(boolean check) {
            this.verify = check;
            return this;
        }

        /** The congestion control both ends set (e.g. cubic); null = the system's default. */
        public Builder congestion(String name) {
            this.congestion = name;
            return this;
        }

        public Builder payload(Payload content) {
            this.payload = content;
            return this;
        }

        /** With the run id, seeds the content. */
        public Builder salt(long value) {
            this.salt = value;
            return this;
        }

        /** The checked record: a {@link BadParameterException} names the value out of range. */
        public BulkParams build() {
            return new BulkParams(direction, channels, volume, duration, pieceSize, interval, sockbuf, verify, runId,
                    congestion, payload, salt);
        }
    }
}
