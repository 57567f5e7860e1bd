package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes result documents ({@code probe.result/1}) as pretty-printed JSON, whole or not at all: into a temporary
 * file beside the target, forced to disk, then renamed over it, so a full disk or a crash leaves the previous
 * file as it was; a failure names the file.
 */
public final class ResultFiles {
    private ResultFiles() {
    }

    /**
     * Writes {@code document} to {@code path}; the directory must exist (commands check it before a run). A path
     * that is not a regular file (/dev/stdout, a pipe) is written straight through.
     */
    public static void writeJson(Path path, ObjectNode document) throws IOException {
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            try (OutputStream out = Files.newOutputStream(path)) {
                Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(out, document);
            }
            return;
        }
        Path tmp = path.resolveSibling("." + path.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            try (FileChannel file = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
                 OutputStream out = Channels.newOutputStream(file)) {
                Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(nonClosing(out), document);
                out.flush();
                file.force(true);
            }
            Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot write " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@link #writeJson} for a listener's callback, which cannot throw checked exceptions: a failure is an
     * {@link java.io.UncheckedIOException} whose cause names the file.
     */
    public static void writeJsonUnchecked(Path path, ObjectNode document) {
        try {
            writeJson(path, document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Jackson closes the stream it writes to; the channel is closed by its try block instead. */
    private static OutputStream nonClosing(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
    }
}
