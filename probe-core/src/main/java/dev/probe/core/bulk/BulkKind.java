package dev.probe.core.bulk;

import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.server.SessionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.channel.ChannelHandler;
import io.netty.handler.ssl.SslHandler;

/**
 * The server's side of bulk runs (HELLO kind "bulk"): a {@link BackupHandler} or a {@link RestoreHandler} per
 * channel, with the server's {@code --dir} as the piece store (none: backups are verified and discarded,
 * restores generated).
 */
public final class BulkKind implements SessionKind {
    private final PieceStore store;

    public BulkKind(ServerConfig config) {
        this.store = config.dir() == null ? null : new PieceStore(config.dir());
    }

    @Override
    public String name() {
        return "bulk";
    }

    @Override
    public SessionSpec parse(ObjectNode params) {
        return BulkParams.fromJson(params);
    }

    /** "files" or "discard": how this run's pieces are kept (backup) or where they come from (restore). */
    @Override
    public String storage(SessionSpec spec) {
        BulkParams b = (BulkParams) spec;
        if (b.direction() == Direction.BACKUP) {
            return store != null ? "files" : "discard";
        }
        return new RestoreSource(store, b.runId(), 0, null).storage();
    }

    @Override
    public ChannelHandler handler(SessionConnection c) {
        BulkParams params = (BulkParams) c.session().spec();
        long seed = PieceContent.seed(params.runId());
        if (params.direction() == Direction.BACKUP) {
            PieceWriter writer = store == null ? null : new PieceWriter(c.diskQueue(), store, params.runId());
            return new BackupHandler(c, new PieceReceiver(PieceContent.shared(), seed, params.verify(), c.index()),
                    writer);
        }
        boolean tls = c.channel().pipeline().get(SslHandler.class) != null;
        return new RestoreHandler(c, new PieceSender(c.channel()),
                new RestoreSource(store, params.runId(), seed, tls ? c.channel().alloc() : null));
    }
}
