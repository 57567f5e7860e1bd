package dev.probe.core.disk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.Target;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A disk check run by a probe server at the far end ({@code probe disk --at HOST}): its points as they are measured
 * ({@link RemoteCheck}), each read back field by field, and the directory, file system and block size the server
 * resolved.
 */
public final class RemoteDiskClient {
    private final Target target;
    private final RemoteDiskSpec request;

    public RemoteDiskClient(Target target, RemoteDiskSpec request) {
        this.target = target;
        this.request = request;
    }

    public DiskResult run(Consumer<LoadPoint> points) throws InterruptedException {
        Instant startedAt = Instant.now();
        List<LoadPoint> received = new ArrayList<>();
        ObjectNode done = RemoteCheck.run(target, request, request.params().point(), body -> {
            LoadPoint p = LoadPoint.fromJson(body);
            received.add(p);
            points.accept(p);
        });
        return new DiskResult(startedAt, target.host() + ":" + done.path("dir").asText(request.dir()),
                done.path("file_system").asText(), done.path("block_size").asInt(), request.params(),
                List.copyOf(received));
    }
}
