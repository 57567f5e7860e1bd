package dev.probe.core.testing;

import dev.probe.core.units.CpuTime;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Each test class's wall seconds and the CPU seconds its JVM and the processes it started and reaped spent meanwhile
 * (utime + stime + cutime + cstime of /proc/self/stat), one line per class appended to
 * {@code target/class-cpu.tsv} of the module under test. A fork runs one class at a time, so the difference is that
 * class's; a lab's forwarder, which outlives its starter, is not in it. Registered for every module that uses
 * probe-core's test jar (META-INF/services); silent where /proc is missing.
 */
public final class ClassCpuListener implements TestExecutionListener {
    private final Map<String, long[]> started = new ConcurrentHashMap<>();

    @Override
    public void executionStarted(TestIdentifier id) {
        if (id.getSource().orElse(null) instanceof ClassSource) {
            started.put(id.getUniqueId(), new long[] {System.nanoTime(), CpuTime.withReapedChildrenNanos()});
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        long[] at = started.remove(id.getUniqueId());
        if (at == null || !(id.getSource().orElse(null) instanceof ClassSource source) || at[1] < 0) {
            return;
        }
        String line = String.format(Locale.ROOT, "%s\t%.1f\t%.1f%n", source.getClassName(),
                (System.nanoTime() - at[0]) / 1e9, (CpuTime.withReapedChildrenNanos() - at[1]) / 1e9);
        Path out = Path.of(System.getProperty("basedir", "."), "target", "class-cpu.tsv");
        try {
            Files.createDirectories(out.getParent());
            Files.write(out, line.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            // a figure for the closing note, never a reason to fail a test run
        }
    }
}
