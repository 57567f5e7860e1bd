package dev.probe.core.bulk;

import dev.probe.core.protocol.BadParameterException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.DefaultFileRegion;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where a restore's pieces come from: read back from the store when a backup of the run is stored there
 * (zero-copy file regions on a plain connection; buffers read from the file under TLS, which must encrypt
 * every byte), otherwise generated.
 */
final class RestoreSource {
    private final PieceStore store;
    private final String runId;
    private final ChunkSource generated;
    private final ByteBufAllocator buffers;

    /** {@code tls} reads stored chunks into buffers from {@code buffers} instead of sending file regions. */
    RestoreSource(PieceStore store, String runId, ChunkSource generated, ByteBufAllocator buffers, boolean tls) {
        this.store = stored(store, runId) ? store : null;
        this.runId = runId;
        this.generated = generated;
        this.buffers = tls ? buffers : null;
    }

    /** True when {@code store} holds a backup of {@code runId}. */
    static boolean stored(PieceStore store, String runId) {
        return store != null && store.hasRun(runId);
    }

    ChunkSource forPiece(long piece, long length) {
        if (store == null) {
            return generated;
        }
        Path path = store.piece(runId, piece);
        long size;
        try {
            size = Files.size(path);
        } catch (IOException e) {
            throw new BadParameterException("restore", "piece " + piece + " of run " + runId
                    + " is not stored on this server");
        }
        if (size != length) {
            throw new BadParameterException("restore", "piece " + piece + " of run " + runId + " is stored with "
                    + size + " bytes, not " + length);
        }
        if (buffers == null) {
            File file = path.toFile();
            return ChunkSource.framed((p, index, offset, n) -> new DefaultFileRegion(file, offset, n));
        }
        return ChunkSource.framed((p, index, offset, n) -> read(path, offset, n));
    }

    private ByteBuf read(Path path, long offset, int length) {
        ByteBuf buf = buffers.ioBuffer(length);
        try (FileChannel file = FileChannel.open(path, StandardOpenOption.READ)) {
            while (buf.readableBytes() < length) {
                if (buf.writeBytes(file, offset + buf.readableBytes(), length - buf.readableBytes()) < 0) {
                    throw new IOException("stored piece " + path + " ended before byte " + (offset + length));
                }
            }
            return buf;
        } catch (IOException e) {
            buf.release();
            throw new UncheckedIOException(e);
        }
    }
}
