package dev.probe.core.bulk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.server.SpaceBudget;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The server's {@code --dir}: a backup's pieces are stored as {@code DIR/RUN_ID/piece-0000000017} (written
 * to a {@code .part} file, forced to disk, then renamed), with {@code DIR/RUN_ID/content.json} saying what they
 * hold (payload and salt), and a restore of the same run id reads them back. Every piece is reserved in the
 * server's {@link SpaceBudget} before it is written; a failed backup's run is removed unless {@code keepFailed}.
 */
final class PieceStore {
    /** A content record is a few dozen bytes; anything longer is not one of ours. */
    private static final int MAX_CONTENT = 4096;
    private final Path root;
    private final SpaceBudget space;
    private final boolean keepFailed;

    PieceStore(Path root, SpaceBudget space, boolean keepFailed) {
        this.root = root;
        this.space = space;
        this.keepFailed = keepFailed;
    }

    SpaceBudget space() {
        return space;
    }

    /**
     * Removes what a failed backup of {@code runId} stored (unless --keep-failed), giving its bytes back. On a disk
     * thread. True when removed.
     */
    boolean removeFailed(String runId) throws IOException {
        Path dir = runDir(runId);
        if (keepFailed || !Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                long size = Files.isRegularFile(f) ? Files.size(f) : 0;
                if (Files.deleteIfExists(f) && size > 0) {
                    space.release(size);
                }
            }
        }
        return true;
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

    /** Records what a backup of {@code runId} holds, replacing an earlier backup's record. On a disk thread. */
    void recordContent(String runId, ObjectNode content) throws IOException {
        Path target = runDir(runId).resolve("content.json");
        Files.createDirectories(target.getParent());
        Path part = target.resolveSibling("content.json.part");
        Files.writeString(part, content.toString());
        Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** What a stored backup of {@code runId} holds, or null when it recorded nothing readable. */
    ObjectNode content(String runId) {
        try (InputStream in = Files.newInputStream(runDir(runId).resolve("content.json"))) {
            byte[] bytes = in.readNBytes(MAX_CONTENT + 1);
            if (bytes.length > MAX_CONTENT) {
                return null;
            }
            return Json.MAPPER.readTree(new String(bytes, StandardCharsets.UTF_8)) instanceof ObjectNode o ? o : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
