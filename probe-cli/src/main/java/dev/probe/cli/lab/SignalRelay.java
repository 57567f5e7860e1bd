package dev.probe.cli.lab;

import dev.probe.cli.common.Signals;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;

/**
 * SIGINT, SIGTERM and SIGHUP while {@code probe lab run} waits for its command. A terminal's Ctrl-C goes to the whole
 * foreground process group, and a service manager's SIGTERM to the whole group or cgroup, so the command gets it
 * itself: it stops as it would anywhere (a probe run prints its INCOMPLETE summary and writes its files) and
 * {@code lab run} waits for it and exits with its code. Passing the signal on at once would be a second one, which
 * a probe run takes as "exit now, print nothing"; a signal sent to {@code lab run} alone is passed on to the command
 * after {@link #GRACE_MS}, if the command is still running by then.
 */
final class SignalRelay implements AutoCloseable {
    /** How long the command has to end on a signal of its own before this one is passed on. */
    static final long GRACE_MS = 3000;
    private final Process command;
    private Signals signals;

    private SignalRelay(Process command) {
        this.command = command;
    }

    /** Takes over SIGINT, SIGTERM and SIGHUP for {@code command}'s lifetime. */
    static SignalRelay install(Process command) {
        SignalRelay r = new SignalRelay(command);
        r.signals = Signals.take(Signals.STOPPING, r::relayLater);
        return r;
    }

    private void relayLater(Signal s) {
        Thread t = new Thread(() -> {
            try {
                if (!command.waitFor(GRACE_MS, TimeUnit.MILLISECONDS)) {
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

    @Override
    public void close() {
        signals.close();
    }
}
