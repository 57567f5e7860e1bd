package dev.probe.core.disk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Json;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A disk check, validated once: the test file's {@code size}, the profiles, the latency bound of the oltp answer,
 * the oltp read share, each load point's length, the highest outstanding I/O count, whether to run without direct
 * I/O ({@code buffered}, every figure then marked) and whether to keep the file. Where it runs (the directory) is
 * the caller's: a local path, or a server's own {@code --dir} for {@code --at} ({@link RemoteDiskSpec}).
 */
public record DiskParams(long size, Set<Profile> profiles, Duration maxLatency, int readPct, Duration point,
        int maxOutstanding, boolean buffered, boolean keep) {

    public static final long MIN_SIZE = 64L << 20;
    public static final long MAX_SIZE = 1L << 44;
    public static final int MAX_OUTSTANDING = 256;

    public DiskParams {
        if (size < MIN_SIZE || size > MAX_SIZE) {
            throw new BadParameterException("size", size + " bytes is out of range [" + MIN_SIZE + ", " + MAX_SIZE
                    + "]");
        }
        if (size % (1L << 20) != 0) {
            throw new BadParameterException("size", size + " bytes is not a whole number of MiB (a multiple of any "
                    + "file system's block size)");
        }
        profiles = profiles == null || profiles.isEmpty() ? null : Set.copyOf(profiles);
        if (profiles == null) {
            throw new BadParameterException("profile", "names no profile");
        }
        if (maxLatency == null || maxLatency.toNanos() < 10_000 || maxLatency.compareTo(Duration.ofSeconds(10)) > 0) {
            throw new BadParameterException("max-latency", maxLatency + " is out of range [10 us, 10 s]");
        }
        if (readPct < 0 || readPct > 100) {
            throw new BadParameterException("read-pct", readPct + " is out of range [0, 100]");
        }
        if (point == null || point.toMillis() < 100 || point.compareTo(Duration.ofHours(1)) > 0) {
            throw new BadParameterException("point", point + " is out of range [100 ms, 1 h]");
        }
        if (maxOutstanding < 1 || maxOutstanding > MAX_OUTSTANDING) {
            throw new BadParameterException("max-outstanding", maxOutstanding + " is out of range [1, "
                    + MAX_OUTSTANDING
                    + "]");
        }
    }

    public boolean has(Profile p) {
        return profiles.contains(p);
    }

    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("size", size);
        n.put("profiles", EnumSet.copyOf(profiles).stream().map(Profile::wireName).collect(Collectors.joining(",")));
        n.put("max_latency_ms", maxLatency.toNanos() / 1e6);
        n.put("read_pct", readPct);
        n.put("point_s", point.toNanos() / 1e9);
        n.put("max_outstanding", maxOutstanding);
        n.put("buffered", buffered);
        n.put("keep", keep);
        return n;
    }

    public static DiskParams fromJson(ObjectNode n) {
        return new DiskParams(Json.requireLong(n, "size", MIN_SIZE, MAX_SIZE),
                Profile.parseList(Json.requireString(n, "profiles", Pattern.compile("[a-z,]{1,32}"))),
                Duration.ofNanos(Math.round(Json.requireDouble(n, "max_latency_ms", 0.01, 10_000) * 1e6)),
                Json.requireInt(n, "read_pct", 0, 100),
                Duration.ofNanos(Math.round(Json.requireDouble(n, "point_s", 0.1, 3600) * 1e9)),
                Json.requireInt(n, "max_outstanding", 1, MAX_OUTSTANDING), Json.requireBoolean(n, "buffered"),
                Json.requireBoolean(n, "keep"));
    }
}
