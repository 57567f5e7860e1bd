package dev.probe.core.nfs;

import dev.probe.core.client.Target;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.disk.RemoteCheck;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * An NFS check run by a probe server at the far end ({@code probe disk --at HOST --nfs SERVER:/EXPORT}): the export
 * as the standby reaches it, its points as they are measured, then the same result a local check gives.
 */
public final class RemoteNfsClient {
    private final Target target;
    private final RemoteNfsSpec request;

    public RemoteNfsClient(Target target, RemoteNfsSpec request) {
        this.target = target;
        this.request = request;
    }

    public NfsResult run(BiConsumer<Integer, LoadPoint> points) throws InterruptedException {
        Instant startedAt = Instant.now();
        Map<Integer, List<LoadPoint>> byCount = NfsWire.points();
        var done = RemoteCheck.run(target, request, request.params().point(), body -> {
            NfsWire.add(byCount, body);
            List<LoadPoint> column = byCount.get(body.path("connections").asInt());
            points.accept(body.path("connections").asInt(), column.get(column.size() - 1));
        });
        return NfsWire.result(startedAt, request.local(), byCount, done);
    }
}
