package dev.probe.core.bulk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.payload.Content;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.server.SessionKind;
import dev.probe.core.server.SpaceBudget;
import io.netty.channel.ChannelHandler;
import io.netty.handler.ssl.SslHandler;

/**
 * The server's side of bulk runs (HELLO kind "bulk"): a {@link BackupHandler} or a {@link RestoreHandler} per
 * channel, with the server's {@code --dir} as the piece store (none: backups are verified and discarded,
 * restores generated). A stored backup records its payload and salt; a restore of it says them in READY.
 */
public final class BulkKind implements SessionKind<BulkParams> {
    private final PieceStore store;

    /** Stores backups in {@code config.dir()} within {@code space} (both null: none stored). */
    public BulkKind(ServerConfig config, SpaceBudget space) {
        this.store = config.dir() == null ? null
                : new PieceStore(config.dir(), space, config.limits().keepFailed());
    }

    @Override
    public String name() {
        return "bulk";
    }

    @Override
    public BulkParams parse(ObjectNode params) {
        BulkParams b = BulkParams.fromJson(params);
        if (b.direction() == Direction.RESTORE && !b.payload().derivable() && !RestoreSource.stored(store, b.runId())) {
            throw new BadParameterException("payload", "a restore of " + b.payload() + " reads back a stored backup, "
                    + "and this server holds no run " + b.runId() + (store == null ? " (it has no --dir)" : ""));
        }
        return b;
    }

    /** "files" or "discard": how this run's pieces are kept (backup) or where they come from (restore). */
    @Override
    public String storage(BulkParams b) {
        boolean files = b.direction() == Direction.BACKUP ? store != null : RestoreSource.stored(store, b.runId());
        return files ? "files" : "discard";
    }

    /** A restore of a stored run: what the backup recorded it holds (its payload and salt). */
    @Override
    public ObjectNode content(BulkParams b) {
        return b.direction() == Direction.RESTORE && RestoreSource.stored(store, b.runId()) ? store.content(b.runId())
                : null;
    }

    @Override
    public ChannelHandler handler(SessionConnection c, BulkParams params) {
        Content content = params.payload().derivable() ? Content.of(params.payload(), params.seed(), params.pieceSize())
                : null;
        if (params.direction() == Direction.BACKUP) {
            PieceWriter writer = store == null ? null : new PieceWriter(c.diskQueue(), store, params.runId());
            if (writer != null && c.index() == 0) {
                writer.recordContent(params.contentRecord());
                c.session().whenEnded(failure -> {
                    if (failure != null) { // the backup failed: its pieces are no backup
                        writer.removeRun(() -> c.log().log("session " + c.session().shortId() + ": removed the "
                                + "failed backup's pieces of run " + params.runId()
                                + " (server --keep-failed keeps them)"));
                    }
                });
            }
            PieceReceiver.reads(c.channel(), params);
            return new BackupHandler(c, new PieceReceiver(content, params.verify(), c.index()), writer);
        }
        boolean tls = c.channel().pipeline().get(SslHandler.class) != null;
        ChunkSource generated = content == null ? null : ChunkSource.generated(content, tls);
        return new RestoreHandler(c, new PieceSender(c.channel()),
                new RestoreSource(store, params.runId(), generated, c.channel().alloc(), tls));
    }
}
