package dev.probe.cli.lab;

import dev.probe.cli.common.Signals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;

/**
 * SIGINT, SIGTERM and SIGHUP while {@code probe lab run} waits for its command. A terminal's Ctrl-C goes to the whole
 * foreground process group, and a service manager's SIGTERM to the whole group or cgroup, so the command gets it
 * itself: it stops as it would anywhere (a probe run prints its INCOMPLETE summary and writes its files) and
 * {@code lab run} waits for it and exits with its code. Passing the signal on at once would be a second one, which
 * a probe run takes as "exit now, print nothing"; a signal sent to {@code lab run} alone is passed on to the command
 * after {@link #GRACE_MS}, if the command is still running by then and did not say it took one ({@link Signals#seen}:
 * a CI run's bulk over a stalled lossy link took over 3 s to end and lost the end of its summary to the second one).
 */
final class SignalRelay implements AutoCloseable {
    /** How long the command has to end on a signal of its own before this one is passed on. */
    static final long GRACE_MS = 3000;
    private final Process command;
    private final Path seen;
    private final long graceMs;
    private Signals signals;

    SignalRelay(Process command, Path seen, long graceMs) {
        this.command = command;
        this.seen = seen;
        this.graceMs = graceMs;
    }

    /**
     * Takes over SIGINT, SIGTERM and SIGHUP for {@code command}'s lifetime; {@code seen} is the file the command was
     * given in {@link Signals#SEEN_ENV}.
     */
    static SignalRelay install(Process command, Path seen) {
        SignalRelay r = new SignalRelay(command, seen, GRACE_MS);
        r.signals = Signals.take(Signals.STOPPING, r::relayLater);
        return r;
    }

    /** Passes {@code s} on to the command after the grace, unless it ended or took one itself; returns at once. */
    void relayLater(Signal s) {
        Thread t = new Thread(() -> {
            try {
                if (!command.waitFor(graceMs, TimeUnit.MILLISECONDS) && !tookOne()) {
                    new ProcessBuilder("kill", "-" + s.getName(), Long.toString(command.pid())).inheritIO().start()
                            .waitFor(5, TimeUnit.SECONDS);
                }
            } catch (IOException | InterruptedException e) {
                command.destroy(); // no kill(1): SIGTERM through the JDK
            }
        }, "probe-lab-run-relay");
        t.setDaemon(true);
        t.start();
    }

    /** Whether the command said it took a stopping signal itself (a probe run does, and ends on it). */
    private boolean tookOne() {
        try {
            return Files.size(seen) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        if (signals != null) {
            signals.close();
        }
    }
}
