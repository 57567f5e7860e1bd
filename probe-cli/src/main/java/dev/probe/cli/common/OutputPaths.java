package dev.probe.cli.common;

import dev.probe.core.error.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks where a result will be written before any test runs, so a run is never lost to a bad path at its end:
 * the parent must be an existing, writable directory; a file target must not be a directory; a directory target
 * must not be a file. Each refusal is one line naming the flag as the user typed it.
 */
public final class OutputPaths {
    private OutputPaths() {
    }

    /** A file the run will write ({@code --json FILE}); null is fine (not asked for). */
    public static void file(String flag, Path path) {
        if (path == null) {
            return;
        }
        if (Files.isDirectory(path)) {
            throw new UsageException(flag + " " + path + " is a directory; give a file name");
        }
        parent(flag, path);
    }

    /** A directory the run will fill ({@code --out DIR}), created when missing. */
    public static void directory(String flag, Path path) {
        if (path == null) {
            return;
        }
        if (Files.exists(path) && !Files.isDirectory(path)) {
            throw new UsageException(flag + " " + path + " is a file; give a directory");
        }
        if (Files.isDirectory(path) && !Files.isWritable(path)) {
            throw new UsageException(flag + " " + path + " is not writable");
        }
        if (!Files.exists(path)) {
            parent(flag, path);
        }
    }

    private static void parent(String flag, Path path) {
        Path parent = path.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new UsageException(flag + " " + path + ": the directory " + parent + " does not exist");
        }
        if (!Files.isWritable(parent)) {
            throw new UsageException(flag + " " + path + ": the directory " + parent + " is not writable");
        }
    }
}
