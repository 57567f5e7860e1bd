package dev.probe.core.nfs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.server.SessionKind;
import io.netty.channel.ChannelHandler;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The server's "nfs" sessions: a client's NFS check run from this host, only of an export the server was started
 * to allow ({@code --nfs-allow}: a probe server makes no NFS connection anyone names), one check at a time, its test
 * file no larger than {@code --disk-max-size}; anything else refused with one line naming the field.
 */
public final class NfsKind implements SessionKind<RemoteNfsSpec> {
    private final List<NfsTarget> allowed;
    private final long maxSize;
    private final AtomicBoolean busy = new AtomicBoolean();

    /** {@code allowed} as {@code SERVER:/EXPORT} each (checked here, naming {@code --nfs-allow}). */
    public NfsKind(List<String> allowed, long maxSize) {
        this.allowed = allowed.stream().map(a -> NfsTarget.parse(a, "nfs-allow")).toList();
        this.maxSize = maxSize;
    }

    @Override
    public String name() {
        return RemoteNfsSpec.KIND;
    }

    @Override
    public RemoteNfsSpec parse(ObjectNode params) {
        RemoteNfsSpec r = RemoteNfsSpec.fromJson(params);
        if (allowed.isEmpty()) {
            throw new BadParameterException("at", "this server measures no NFS export (start it with --nfs-allow "
                    + "SERVER:/EXPORT)");
        }
        if (!allowed.contains(r.target())) {
            throw new BadParameterException("nfs", r.target() + " is not an export this server may measure (its "
                    + "--nfs-allow: " + String.join(", ", allowed.stream().map(NfsTarget::toString).toList()) + ")");
        }
        if (r.params().size() > maxSize) {
            throw new BadParameterException("size", r.params().size() + " bytes is more than this server allows ("
                    + maxSize + ", its --disk-max-size)");
        }
        if (busy.get()) {
            throw new BadParameterException("at", "an NFS check is running on this server; one at a time");
        }
        return r;
    }

    boolean acquire() {
        return busy.compareAndSet(false, true);
    }

    void release() {
        busy.set(false);
    }

    @Override
    public ChannelHandler handler(SessionConnection c, RemoteNfsSpec spec) {
        return new NfsHandler(c, spec, this);
    }
}
