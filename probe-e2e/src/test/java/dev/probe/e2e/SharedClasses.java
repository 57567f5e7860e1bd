package dev.probe.e2e;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A dynamic CDS archive of probe.jar's classes (JDK 17's {@code -XX:ArchiveClassesAtExit}), made once per build by
 * the first fork that asks, from a short {@code probe demo}, and mapped by every probe JVM the suite starts after it:
 * the suite starts several hundred, and each then spends about 0.4 CPU s less loading classes (a 1 s loopback
 * client: 2.2 CPU s, 1.5 with the archive, here). The JVM loads from the jar as usual where the archive is missing or
 * does not match it, silently ({@code -Xlog:cds=off}), so a test sees the same output either way.
 */
final class SharedClasses {
    private static final Path DIR = Path.of(System.getProperty("basedir", "."), "target", "cds");
    private static final Path ARCHIVE = DIR.resolve("probe.jsa");
    private static final Path JAVA = DIR.resolve("java");
    private static final List<String> FLAGS = List.of("-XX:SharedArchiveFile=" + ARCHIVE.toAbsolutePath(),
            "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    private static boolean ready;

    private SharedClasses() {
    }

    /** The JVM flags that map the archive (made first if this build has none for this jar). */
    static List<String> flags() {
        ensure();
        return FLAGS;
    }

    /**
     * A {@code java} that maps the archive, for commands a lab runs in its namespaces ({@code lab run ... JAVA -jar
     * probe.jar ...}): a script that execs this JDK's java with {@link #flags()}.
     */
    static String java() {
        ensure();
        return JAVA.toAbsolutePath().toString();
    }

    private static synchronized void ensure() {
        if (ready) {
            return;
        }
        try {
            Files.createDirectories(DIR);
            try (FileChannel lock = FileChannel.open(DIR.resolve("lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
                 var held = lock.lock()) {
                Path jar = ProbeProcess.jar().toAbsolutePath();
                if (!Files.isRegularFile(ARCHIVE) || Files.getLastModifiedTime(ARCHIVE).compareTo(Files
                        .getLastModifiedTime(jar)) < 0) {
                    make(jar);
                }
                writeJava();
            }
        } catch (IOException e) {
            System.out.println("SharedClasses: no archive (" + e + "); the JVMs load from the jar");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        ready = true;
    }

    private static void make(Path jar) throws IOException, InterruptedException {
        Path tmp = DIR.resolve("probe.jsa.tmp");
        Files.deleteIfExists(tmp);
        Process p = new ProcessBuilder(javaBin(), "-XX:ArchiveClassesAtExit=" + tmp.toAbsolutePath(), "-jar",
                jar.toString(), "demo", "--duration", "1s").redirectErrorStream(true)
                        .redirectOutput(DIR.resolve("make.log").toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
        }
        if (p.exitValue() == 0 && Files.isRegularFile(tmp)) {
            Files.move(tmp, ARCHIVE, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    private static void writeJava() throws IOException {
        Path tmp = DIR.resolve("java.tmp");
        Files.writeString(tmp, "#!/bin/sh\nexec '" + javaBin() + "' " + String.join(" ", FLAGS) + " \"$@\"\n");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.move(tmp, JAVA, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
