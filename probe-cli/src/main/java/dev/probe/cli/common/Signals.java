package dev.probe.cli.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
    /**
     * A file a parent ({@code probe lab run}) watches: a run that took a stopping signal itself writes its name there,
     * so the parent does not pass on a second one, which would cut the summary short.
     */
    public static final String SEEN_ENV = "PROBE_SIGNAL_SEEN";
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

    /** Says in {@link #SEEN_ENV}'s file, where the parent set one, that {@code s} reached this process. */
    public static void seen(Signal s) {
        String file = System.getenv(SEEN_ENV);
        if (file == null || file.isEmpty()) {
            return;
        }
        try {
            Files.writeString(Path.of(file), s.getName());
        } catch (IOException | RuntimeException e) {
            // the parent passes the signal on after its grace: the summary may be cut, the run still ends
        }
    }

    @Override
    public void close() {
        for (int k = 0; k < signals.size(); k++) {
            Signal.handle(signals.get(k), previous.get(k));
        }
    }
}
