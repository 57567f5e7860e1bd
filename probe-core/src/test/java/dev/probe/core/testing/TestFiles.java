package dev.probe.core.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Files a test made, removed after it. */
public final class TestFiles {
    private TestFiles() {
    }

    /**
     * Deletes {@code dir} and all below it; a file that goes while it is walked (a failed backup's run or a disk
     * check's file, removed by a server's disk thread as it winds down) is simply gone.
     */
    public static void deleteTree(Path dir) throws IOException {
        Files.walkFileTree(dir, new java.nio.file.SimpleFileVisitor<>() {
            @Override
            public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes a)
                    throws IOException {
                Files.deleteIfExists(file);
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof java.nio.file.NoSuchFileException) {
                    return java.nio.file.FileVisitResult.CONTINUE;
                }
                throw e;
            }

            @Override
            public java.nio.file.FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null && !(e instanceof java.nio.file.NoSuchFileException)) {
                    throw e;
                }
                Files.deleteIfExists(d);
                return java.nio.file.FileVisitResult.CONTINUE;
            }
        });
    }
}
