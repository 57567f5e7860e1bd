package dev.probe.cli.lab;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import sun.misc.Signal;

/**
 * A signal to {@code lab run} is passed on to its command after the grace, unless the command said it took one itself
 * (a probe run ending on its own Ctrl-C: a second signal would cut its summary short, as a CI run's bulk lost the end
 * of its summary when its stop over a stalled lossy link outlasted the 3 s grace).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SignalRelayTest {
    private static final long GRACE_MS = 200;
    @TempDir
    Path dir;

    @Test
    void aCommandThatTookTheSignalItselfIsNotSentASecondOne() throws Exception {
        Path seen = Files.writeString(dir.resolve("seen"), "INT");
        Process sleeper = new ProcessBuilder("sleep", "20").start();
        try {
            new SignalRelay(sleeper, seen, GRACE_MS).relayLater(new Signal("INT"));
            assertFalse(sleeper.waitFor(GRACE_MS + 1500, TimeUnit.MILLISECONDS), "no second signal");
        } finally {
            sleeper.destroyForcibly().waitFor();
        }
    }

    @Test
    void aCommandThatDidNotGetTheSignalHasItPassedOnAfterTheGrace() throws Exception {
        Path seen = Files.createFile(dir.resolve("seen"));
        Process sleeper = new ProcessBuilder("sleep", "20").start();
        try {
            new SignalRelay(sleeper, seen, GRACE_MS).relayLater(new Signal("INT"));
            assertTrue(sleeper.waitFor(10, TimeUnit.SECONDS), "passed on: sleep ends on SIGINT");
        } finally {
            sleeper.destroyForcibly().waitFor();
        }
    }
}
