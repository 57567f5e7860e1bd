package dev.probe.core.bulk;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The server's {@code --dir}: a backup's pieces are stored as {@code DIR/RUN_ID/piece-0000000017} (written
 * to a {@code .part} file, forced to disk, then renamed), and a restore of the same run id reads them back.
 */
final class PieceStore {
    private final Path root;

    PieceStore(Path root) {
        this.root = root;
    }

    Path runDir(String runId) {
        return root.resolve(runId);
    }

    Path piece(String runId, long k) {
        return runDir(runId).resolve(String.format(Locale.ROOT, "piece-%010d", k));
    }

    /** True when a backup of {@code runId} has stored pieces here. */
    boolean hasRun(String runId) {
        return Files.isDirectory(runDir(runId));
    }
}
