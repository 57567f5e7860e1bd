package dev.probe.core.bulk;

import dev.probe.core.protocol.DataChunk;
import dev.probe.core.server.DiskQueue;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Stores one backup channel's pieces as real files through a {@link DiskQueue}: each piece goes to a
 * {@code .part} file, is forced to disk at its end and renamed into place, so a stored piece is always whole.
 * A piece cut short by a dropped connection is deleted.
 */
final class PieceWriter {
    private final DiskQueue queue;
    private final PieceStore store;
    private final String runId;
    private FileChannel file;
    private Path part;

    PieceWriter(DiskQueue queue, PieceStore store, String runId) {
        this.queue = queue;
        this.store = store;
        this.runId = runId;
    }

    void begin(long piece) {
        queue.after(() -> {
            Path target = store.piece(runId, piece);
            Files.createDirectories(target.getParent());
            part = target.resolveSibling(target.getFileName() + ".part");
            file = FileChannel.open(part, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
        });
    }

    /** Records what this backup's pieces hold (after any queued work). */
    void recordContent(com.fasterxml.jackson.databind.node.ObjectNode content) {
        queue.after(() -> store.recordContent(runId, content));
    }

    /** Takes ownership of {@code chunk}. */
    void write(DataChunk chunk) {
        queue.submit(chunk.content().readableBytes(), chunk, () -> {
            for (ByteBuffer bb : chunk.content().nioBuffers()) {
                while (bb.hasRemaining()) {
                    file.write(bb);
                }
            }
        });
    }

    /** Forces the piece to disk, renames it into place, then runs {@code done} (on the disk thread). */
    void end(long piece, Runnable done) {
        queue.after(() -> {
            file.force(false);
            file.close();
            file = null;
            Files.move(part, store.piece(runId, piece), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
            done.run();
        });
    }

    /** Runs {@code task} after the queued writes. */
    void afterPending(Runnable task) {
        queue.after(task::run);
    }

    /** Drops an unfinished piece. */
    void abort() {
        queue.after(() -> {
            if (file != null) {
                file.close();
                file = null;
                Files.deleteIfExists(part);
            }
        });
    }
}
