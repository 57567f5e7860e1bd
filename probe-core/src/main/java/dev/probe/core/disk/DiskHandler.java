package dev.probe.core.disk;

import dev.probe.core.server.SessionConnection;
import io.netty.channel.ChannelHandlerContext;
import java.nio.file.Path;

/**
 * The server's side of a remote disk check: one at a time, inside the server's {@code --dir}, its test file within
 * the space budget; each point sent as it is measured, then the outcome.
 */
final class DiskHandler extends CheckHandler {
    private final RemoteDiskSpec request;
    private final DiskKind kind;

    DiskHandler(SessionConnection connection, RemoteDiskSpec request, DiskKind kind) {
        super(connection, "disk check");
        this.request = request;
        this.kind = kind;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (!kind.acquire()) {
            refuse(ctx, "at: a disk check is running on this server; one at a time");
            return;
        }
        Path dir = kind.inside(request.dir()); // before the reservation, which nothing would give back if this threw
        long size = request.params().size();
        String full = kind.reserve(size);
        if (full != null) {
            kind.release();
            refuse(ctx, full);
            return;
        }
        start(ctx, "disk check in " + dir, send -> {
            DiskResult r = new DiskCheck(dir, request.params()).run(p -> send.accept(DiskMessages.point(p)));
            return DiskMessages.done(r.dir(), r.fileSystem(), r.blockSize());
        }, () -> {
            if (!request.params().keep()) {
                kind.freed(size);
            }
            kind.release();
        });
    }
}
