package dev.probe.core.nfs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.disk.CheckSpec;
import dev.probe.core.disk.DiskParams;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * An NFS check a client asks a probe server to run (HELLO kind "nfs", {@code probe disk --at HOST --nfs}): the export
 * as that host reaches it, which must be one of the server's {@code --nfs-allow}, the connection counts, the disk
 * check's settings and the I/O timeout ({@code counts}: the connection counts, one column each). Paths are the far
 * host's own routing (one path to the export's server).
 */
public record RemoteNfsSpec(NfsTarget target, List<Integer> counts, DiskParams params, Duration ioTimeout)
        implements CheckSpec {

    public static final String KIND = "nfs";
    private static final Pattern TARGET = Pattern.compile("[^\\x00-\\x1f]{3,1400}");
    private static final int MAX_COUNTS = 16;

    public RemoteNfsSpec {
        counts = List.copyOf(counts);
        if (counts.isEmpty() || counts.size() > MAX_COUNTS) {
            throw new BadParameterException("connections", counts.size() + " counts; 1 to " + MAX_COUNTS);
        }
    }

    /** The same check as the far host runs it: one path, to the export's server. */
    public NfsParams local() {
        return new NfsParams(target, NfsPath.of(List.of(), target.server()), counts, params, ioTimeout,
                Duration.ofSeconds(5));
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode n = params.toJson();
        n.put("nfs", target.toString());
        ArrayNode c = n.putArray("connections");
        counts.forEach(c::add);
        n.put("io_timeout_ms", ioTimeout.toMillis());
        return n;
    }

    /** Reads {@link #toJson()}'s form, each field checked. */
    public static RemoteNfsSpec fromJson(ObjectNode n) {
        JsonNode array = n.get("connections");
        if (array == null || !array.isArray() || array.size() > MAX_COUNTS) {
            throw new BadParameterException("connections", "is not a list of at most " + MAX_COUNTS + " counts");
        }
        List<Integer> counts = new ArrayList<>();
        array.forEach(c -> counts.add(c.isInt() ? c.asInt() : -1));
        String joined = String.join(",", counts.stream().map(String::valueOf).toList());
        return new RemoteNfsSpec(NfsTarget.parse(Json.requireString(n, "nfs", TARGET)),
                NfsParams.parseConnections(joined), DiskParams.fromJson(n),
                Duration.ofMillis(Json.requireLong(n, "io_timeout_ms", 100, 600_000)));
    }

    @Override
    public String describe() {
        return "NFS check of " + target + ": " + toJson();
    }
}
