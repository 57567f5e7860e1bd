package dev.probe.cli.common;

import dev.probe.core.client.RunStop;
import java.io.PrintWriter;
import sun.misc.Signal;

/**
 * Ctrl-C, SIGTERM and SIGHUP (the terminal closed) during a client run, as iperf3 treats Ctrl-C: the first one in
 * the data phase ends the run early, so its summary is printed and {@code --json} written, marked incomplete and
 * why; the command then exits 128 + the signal's number (130, 143, 129). A signal before the data phase, or a second
 * one, exits at once. The JVM's own handlers are back when this is closed ({@link Signals}).
 *
 * <pre>{@code
 * try (Interrupts interrupts = Interrupts.install()) {
 *     runner.run(..., interrupts.stop());
 *     return interrupts.exitCode(err, ExitCodes.OK);
 * }
 * }</pre>
 */
public final class Interrupts implements AutoCloseable {
    private final RunStop stop = new RunStop();
    private Signals signals;
    private volatile int signalled;

    private Interrupts() {
    }

    /** Takes over SIGINT, SIGTERM and SIGHUP until closed. */
    public static Interrupts install() {
        Interrupts i = new Interrupts();
        i.signals = Signals.take(Signals.STOPPING, i::handle);
        return i;
    }

    private void handle(Signal s) {
        int code = 128 + s.getNumber();
        if (signalled == 0 && stop.stoppable()) {
            signalled = code;
            Signals.seen(s);
            stop.request("interrupted by SIG" + s.getName() + " before the end of the run");
        } else {
            System.exit(code);
        }
    }

    /** What the run watches: requested on the first signal. */
    public RunStop stop() {
        return stop;
    }

    /**
     * {@code ok} when no signal came; else says on {@code err} that the run was cut short and returns 128 + the
     * signal's number.
     */
    public int exitCode(PrintWriter err, int ok) {
        if (signalled == 0) {
            return ok;
        }
        err.println("probe: " + stop.reason() + "; the summary covers what was measured until then (--json says "
                + "\"incomplete\")");
        err.flush();
        return signalled;
    }

    @Override
    public void close() {
        signals.close();
    }
}
