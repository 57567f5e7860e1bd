package dev.probe.core.nfs;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.disk.DiskParams;
import dev.probe.core.protocol.BadParameterException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An NFS check, validated once: the export, the paths to it (up to four, as oranfstab's), the connection counts to
 * measure (one column each: 1, 2, 4 ... as dNFS opens one per database process), the disk check's own settings
 * (profiles, file size, points, latency bound), and how long an I/O or a connection may go unanswered before its
 * path is taken out.
 */
public record NfsParams(NfsTarget target, List<NfsPath> paths, List<Integer> connections, DiskParams disk,
        Duration ioTimeout, Duration connectTimeout) {

    public static final int MAX_CONNECTIONS = 256;

    public NfsParams {
        paths = List.copyOf(paths);
        connections = List.copyOf(connections);
        if (paths.isEmpty() || paths.size() > NfsPath.MAX_PATHS) {
            throw new BadParameterException("path", paths.size() + " paths; dNFS takes 1 to " + NfsPath.MAX_PATHS);
        }
        if (ioTimeout == null || ioTimeout.toMillis() < 100 || ioTimeout.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new BadParameterException("io-timeout", (ioTimeout == null ? "none" : ioTimeout.toMillis() + " ms")
                    + " is out of range [100 ms, 10 min]");
        }
        if (connectTimeout == null || connectTimeout.toMillis() < 100) {
            throw new BadParameterException("connect-timeout", connectTimeout + " is under 100 ms");
        }
    }

    /** {@code 1,2,4}: each count once, rising, 1 to 256; fails naming the bad one. */
    public static List<Integer> parseConnections(String text) {
        List<Integer> out = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            int n;
            try {
                n = Integer.parseInt(item.trim());
            } catch (NumberFormatException e) {
                throw new BadParameterException("connections", "'" + item + "' is not a number of connections");
            }
            if (n < 1 || n > MAX_CONNECTIONS) {
                throw new BadParameterException("connections", n + " is out of range [1, " + MAX_CONNECTIONS + "]");
            }
            if (!out.isEmpty() && n <= out.get(out.size() - 1)) {
                throw new BadParameterException("connections", "'" + text + "' does not rise (1,2,4 ...)");
            }
            out.add(n);
        }
        return out;
    }

    public ObjectNode toJson() {
        ObjectNode n = disk.toJson();
        n.put("nfs", target.toString());
        ArrayNode p = n.putArray("paths");
        paths.forEach(x -> p.add(x.toString()));
        ArrayNode c = n.putArray("connections");
        connections.forEach(c::add);
        n.put("io_timeout_ms", ioTimeout.toMillis());
        return n;
    }
}
