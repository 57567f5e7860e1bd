package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs last (failsafe's last execution, and @Order within it): every probe.jar process a test started since the
 * build began has been stopped by it, also those started inside lab namespaces, and no namespace a test made is
 * left behind.
 */
@Order(Integer.MAX_VALUE)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LeftoversIT {
    @Test
    void noProbeProcessOrLabNamespaceOutlivesTheSuite() throws Exception {
        Instant suiteStart = suiteStart();
        String jar = ProbeProcess.jar().toString();
        List<String> left = List.of();
        for (int i = 0; i < 50; i++) {
            left = ProcessHandle.allProcesses()
                    .filter(p -> p.info().startInstant().map(s -> s.isAfter(suiteStart)).orElse(false))
                    .filter(p -> p.info().commandLine().map(c -> c.contains(jar)).orElse(false))
                    .map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList();
            if (left.isEmpty()) {
                break;
            }
            Thread.sleep(100);
        }
        assertEquals(List.of(), left, "processes the tests started and did not stop");
        assertEquals(List.of(), namespaces(suiteStart), "namespaces the tests made and did not delete");
    }

    /**
     * When the build began (failsafe's {@code probe.suite.start}: the other classes ran in JVMs of their own before
     * this one), or this JVM's start when run alone.
     */
    private static Instant suiteStart() {
        Instant jvm = ProcessHandle.current().info().startInstant().orElse(Instant.EPOCH);
        String build = System.getProperty("probe.suite.start", "");
        try {
            Instant began = Instant.parse(build);
            return began.isBefore(jvm) ? began : jvm;
        } catch (DateTimeParseException notGiven) {
            return jvm;
        }
    }

    /**
     * Namespaces of the e2e tests made since the suite began: LabJarIT's labs ("pe" + digits), AgentNetnsIT's lab ("pa"
     * + digits) and its agents' own namespaces ("pa" + digits + "-a" + k). One an earlier, killed build left (its
     * /run/netns entry older than this build) is not this suite's: the CI of 2026-12-07 found a lab that a build
     * stopped mid-run had left an hour before.
     */
    private static List<String> namespaces(Instant suiteStart) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
        } catch (IOException e) {
            return List.of();
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return out.lines().map(l -> l.split("\\s+")[0]).filter(n -> n.matches("(pe|pa)\\d+-(client|server|a\\d+)"))
                .filter(n -> madeSince(n, suiteStart)).toList();
    }

    /** Whether {@code ip netns add} made the namespace's /run/netns entry since the suite began (or it cannot tell). */
    private static boolean madeSince(String namespace, Instant suiteStart) {
        try {
            return Files.getLastModifiedTime(Path.of("/run/netns", namespace)).toInstant().isAfter(suiteStart);
        } catch (NoSuchFileException deletedSinceListed) {
            return false;
        } catch (IOException unreadable) {
            return true;
        }
    }
}
