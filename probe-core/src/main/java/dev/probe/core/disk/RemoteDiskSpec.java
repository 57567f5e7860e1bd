package dev.probe.core.disk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Json;
import java.util.regex.Pattern;

/**
 * A disk check a client asks a probe server to run (HELLO kind "disk"): in {@code dir}, which must lie inside the
 * server's own {@code --dir}, with {@code params}.
 */
public record RemoteDiskSpec(String dir, DiskParams params) implements CheckSpec {
    public static final String KIND = "disk";
    private static final Pattern PATH = Pattern.compile("[^\\x00-\\x1f]{1,4096}");

    public RemoteDiskSpec {
        if (dir == null || !PATH.matcher(dir).matches()) {
            throw new BadParameterException("dir", "is not a path");
        }
        if (params == null) {
            throw new BadParameterException("params", "is missing");
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode n = params.toJson();
        n.put("dir", dir);
        return n;
    }

    public static RemoteDiskSpec fromJson(ObjectNode n) {
        return new RemoteDiskSpec(Json.requireString(n, "dir", PATH), DiskParams.fromJson(n));
    }

    @Override
    public String describe() {
        return "disk check in " + dir + ": " + params.toJson();
    }
}
