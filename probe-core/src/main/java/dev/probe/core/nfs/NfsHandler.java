package dev.probe.core.nfs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.disk.CheckHandler;
import dev.probe.core.disk.DiskMessages;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.transport.Transport;
import io.netty.channel.ChannelHandlerContext;

/**
 * The server's side of a remote NFS check: one at a time; each point sent as it is measured with its connection
 * count, then the figures the client's table needs ({@link NfsWire}).
 */
final class NfsHandler extends CheckHandler {
    private final RemoteNfsSpec request;
    private final NfsKind kind;

    NfsHandler(SessionConnection connection, RemoteNfsSpec request, NfsKind kind) {
        super(connection, "NFS check");
        this.request = request;
        this.kind = kind;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (!kind.acquire()) {
            refuse(ctx, "at: an NFS check is running on this server; one at a time");
            return;
        }
        start(ctx, "NFS check of " + request.target(), send -> {
            NfsResult r = new NfsCheck(request.local(), Transport.best()).run((n, p) -> {
                ObjectNode body = p.toJson();
                body.put("connections", n);
                send.accept(DiskMessages.point(body));
            });
            return DiskMessages.done(NfsWire.figures(r));
        }, kind::release);
    }
}
