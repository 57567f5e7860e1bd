package dev.probe.core.bulk;

import dev.probe.core.protocol.BadParameterException;
import io.netty.channel.DefaultFileRegion;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a restore's pieces come from: read back from the store when a backup of the run is stored there
 * (sent with zero-copy file regions), otherwise generated.
 */
final class RestoreSource {
    private final PieceStore store;
    private final String runId;
    private final ChunkSource generated;

    RestoreSource(PieceStore store, String runId, long seed) {
        this.store = store != null && store.hasRun(runId) ? store : null;
        this.runId = runId;
        this.generated = ChunkSource.generated(PieceContent.shared(), seed);
    }

    /** "files" when pieces are read back from the store, "discard" when generated. */
    String storage() {
        return store != null ? "files" : "discard";
    }

    ChunkSource forPiece(long piece, long length) {
        if (store == null) {
            return generated;
        }
        Path path = store.piece(runId, piece);
        long size;
        try {
            size = Files.size(path);
        } catch (java.io.IOException e) {
            throw new BadParameterException("restore", "piece " + piece + " of run " + runId
                    + " is not stored on this server");
        }
        if (size != length) {
            throw new BadParameterException("restore", "piece " + piece + " of run " + runId + " is stored with "
                    + size + " bytes, not " + length);
        }
        File file = path.toFile();
        return (p, index, offset, n) -> new DefaultFileRegion(file, offset, n);
    }
}
