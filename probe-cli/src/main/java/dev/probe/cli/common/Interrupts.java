package dev.probe.cli.common;

import dev.probe.core.client.RunStop;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C and SIGTERM during a client run, as iperf3 treats Ctrl-C: the first one in the data phase ends the run
 * early, so its summary is printed and {@code --json} written, marked incomplete and why; the command then exits
 * 128 + the signal's number (130, 143). A signal before the data phase, or a second one, exits at once. The JVM's
 * own handlers are back when this is closed.
 *
 * <pre>{@code
 * try (Interrupts interrupts = Interrupts.install()) {
 *     runner.run(..., interrupts.stop());
 *     return interrupts.exitCode(err, ExitCodes.OK);
 * }
 * }</pre>
 */
public final class Interrupts implements AutoCloseable {
    private static final List<String> SIGNALS = List.of("INT", "TERM");
    private final RunStop stop = new RunStop();
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private volatile int signalled;

    private Interrupts() {
    }

    /** Takes over SIGINT and SIGTERM until closed. */
    public static Interrupts install() {
        Interrupts i = new Interrupts();
        for (String name : SIGNALS) {
            Signal s = new Signal(name);
            i.signals.add(s);
            i.previous.add(Signal.handle(s, i::handle));
        }
        return i;
    }

    private void handle(Signal s) {
        int code = 128 + s.getNumber();
        if (signalled == 0 && stop.stoppable()) {
            signalled = code;
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
        for (int k = 0; k < signals.size(); k++) {
            Signal.handle(signals.get(k), previous.get(k));
        }
    }
}
