package dev.probe.core.disk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.server.SessionKind;
import dev.probe.core.server.SpaceBudget;
import io.netty.channel.ChannelHandler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The server's "disk" sessions: a client's disk check run here, only inside this server's {@code --dir} (the
 * requested path resolved, symbolic links followed, must stay under it), one check at a time, with a test file
 * no larger than the server allows; anything else is refused with one line naming the field.
 */
public final class DiskKind implements SessionKind<RemoteDiskSpec> {
    private final Path root;
    private final SpaceBudget space;
    private final AtomicBoolean busy = new AtomicBoolean();

    /** {@code root} is the server's --dir (null: it has none and refuses every check), {@code space} its budget. */
    public DiskKind(Path root, SpaceBudget space) {
        this.root = root;
        this.space = space;
    }

    @Override
    public String name() {
        return RemoteDiskSpec.KIND;
    }

    @Override
    public RemoteDiskSpec parse(ObjectNode params) {
        RemoteDiskSpec r = RemoteDiskSpec.fromJson(params);
        if (root == null) {
            throw new BadParameterException("at", "this server has no --dir to run a disk check in");
        }
        if (r.params().size() > space.max()) {
            throw new BadParameterException("size", r.params().size() + " bytes is more than this server allows ("
                    + space.max() + ", its --disk-max-size)");
        }
        inside(r.dir());
        if (busy.get()) {
            throw new BadParameterException("at", "a disk check is running on this server; one at a time");
        }
        return r;
    }

    /** The requested directory, which must be the server's --dir or under it (after following links). */
    Path inside(String dir) {
        try {
            Path realRoot = root.toRealPath();
            Path requested = Path.of(dir);
            Path resolved = (requested.isAbsolute() ? requested : realRoot.resolve(requested)).normalize();
            Path real = Files.exists(resolved) ? resolved.toRealPath() : resolved;
            if (!real.startsWith(realRoot)) {
                throw new BadParameterException("dir", dir + " is outside the server's --dir " + root);
            }
            return real;
        } catch (IOException | InvalidPathException e) {
            throw new BadParameterException("dir", dir + ": " + e.getMessage());
        }
    }

    /** Takes the one check slot; false when a check holds it. */
    boolean acquire() {
        return busy.compareAndSet(false, true);
    }

    void release() {
        busy.set(false);
    }

    /** Reserves a check's test file under --dir; null when granted, else why not. */
    String reserve(long bytes) {
        return space.reserve(bytes, "a disk check's test file");
    }

    /** The test file is gone (not kept). */
    void freed(long bytes) {
        space.release(bytes);
    }

    @Override
    public ChannelHandler handler(SessionConnection c, RemoteDiskSpec spec) {
        return new DiskHandler(c, spec, this);
    }
}
