package dev.probe.cli.common;

import java.util.ArrayList;
import java.util.List;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Signals taken over until closed, the JVM's own handlers back then. SIGHUP stays ignored when the process was
 * started with it ignored ({@code nohup probe ...}): a run meant to outlive its terminal does.
 */
public final class Signals implements AutoCloseable {
    /** What ends a run early: Ctrl-C, a service manager's stop, the terminal going away. */
    public static final List<String> STOPPING = List.of("INT", "TERM", "HUP");
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private Signals() {
    }

    /** Sends each of {@code names} to {@code handler} until closed. */
    public static Signals take(List<String> names, SignalHandler handler) {
        Signals s = new Signals();
        for (String name : names) {
            Signal signal = new Signal(name);
            SignalHandler before = Signal.handle(signal, handler);
            if (name.equals("HUP") && before == SignalHandler.SIG_IGN) {
                Signal.handle(signal, before);
                continue;
            }
            s.signals.add(signal);
            s.previous.add(before);
        }
        return s;
    }

    @Override
    public void close() {
        for (int k = 0; k < signals.size(); k++) {
            Signal.handle(signals.get(k), previous.get(k));
        }
    }
}
