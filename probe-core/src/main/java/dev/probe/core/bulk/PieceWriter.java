package dev.probe.core.bulk;

import com.fasterxml.jackson.databind.node.ObjectNode;
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
    private long reserved;

    PieceWriter(DiskQueue queue, PieceStore store, String runId) {
        this.queue = queue;
        this.store = store;
        this.runId = runId;
    }

    /**
     * Reserves room for piece {@code piece} of {@code length} bytes and opens it; null when begun, else why not
     * (over --disk-max-size).
     */
    String begin(long piece, long length) {
        String full = store.space().reserve(length, "piece " + piece + " of run " + runId);
        if (full != null) {
            return full;
        }
        queue.after(() -> {
            reserved = length; // only the disk thread touches it: end() and abort() run there too, in order
            Path target = store.piece(runId, piece);
            Files.createDirectories(target.getParent());
            part = target.resolveSibling(target.getFileName() + ".part");
            file = FileChannel.open(part, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
        });
        return null;
    }

    /** Records what this backup's pieces hold (after any queued work). */
    void recordContent(ObjectNode content) {
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
            Path target = store.piece(runId, piece);
            long replaced = Files.isRegularFile(target) ? Files.size(target) : 0; // an earlier backup's piece
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            store.space().release(replaced);
            reserved = 0;
            done.run();
        });
    }

    /** Runs {@code task} after the queued writes. */
    void afterPending(Runnable task) {
        queue.after(task::run);
    }

    /** Drops an unfinished piece, giving back its reservation. */
    void abort() {
        queue.after(() -> {
            if (file != null) {
                file.close();
                file = null;
                Files.deleteIfExists(part);
            }
            store.space().release(reserved);
            reserved = 0;
        });
    }

    /** The backup failed: after the queued writes, removes what it stored (unless --keep-failed). */
    void removeRun(Runnable removed) {
        queue.after(() -> {
            if (store.removeFailed(runId)) {
                removed.run();
            }
        });
    }
}
