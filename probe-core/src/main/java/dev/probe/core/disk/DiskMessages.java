package dev.probe.core.disk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Json;
import java.util.regex.Pattern;

/**
 * The DISK frames of a remote check (docs/PROTOCOL.md, "Disk checks"), each a JSON object with an {@code op}:
 * from the server {@code point} (one measured point), {@code done} (the directory as the server resolved it,
 * its file system and block size) and
 * {@code failed} (why, one line); from the client {@code ping} (the check is long and the client otherwise silent).
 */
public final class DiskMessages {
    static final String POINT = "point";
    static final String DONE = "done";
    static final String FAILED = "failed";
    static final String PING = "ping";
    private static final Pattern OP = Pattern.compile("point|done|failed|ping");

    private DiskMessages() {
    }

    static String op(ControlFrame f) {
        if (f.type() != FrameType.DISK) {
            throw new BadParameterException("frame", "expected DISK, got " + f.type());
        }
        return Json.requireString(f.body(), "op", OP);
    }

    private static ControlFrame frame(String op, ObjectNode n) {
        n.put("op", op);
        return new ControlFrame(FrameType.DISK, n);
    }

    static ControlFrame point(LoadPoint p) {
        return frame(POINT, p.toJson());
    }

    /** A point of another check's own form (an NFS check's: a disk point and its connection count). */
    public static ControlFrame point(ObjectNode body) {
        return frame(POINT, body);
    }

    /** Another check's outcome, {@code body} its figures. */
    public static ControlFrame done(ObjectNode body) {
        return frame(DONE, body);
    }

    static ControlFrame done(String dir, String fileSystem, int blockSize) {
        ObjectNode n = Json.object();
        n.put("dir", dir);
        n.put("file_system", fileSystem);
        n.put("block_size", blockSize);
        return frame(DONE, n);
    }

    static ControlFrame failed(String why) {
        ObjectNode n = Json.object();
        n.put("message", why == null ? "failed" : why);
        return frame(FAILED, n);
    }

    static ControlFrame ping() {
        return frame(PING, Json.object());
    }
}
