package dev.probe.core.testing;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.server.ServerLog;
import java.util.ArrayList;
import java.util.List;

/** A server log that keeps its lines for assertions, and the wait for a server to free its sessions. */
public final class LogCapture implements ServerLog {
    private final List<String> lines = new ArrayList<>();

    @Override
    public synchronized void log(String line) {
        lines.add(line);
    }

    /** True when some line contains {@code text}. */
    /** The lines so far. */
    public synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    public synchronized boolean contains(String text) {
        return lines.stream().anyMatch(l -> l.contains(text));
    }

    @Override
    public synchronized String toString() {
        return lines.toString();
    }

    /** Waits up to 4 s for {@code server} to have no open session; returns how many are left. */
    public static int awaitNoSessions(ProbeServer server) throws InterruptedException {
        for (int i = 0; i < 200 && server.sessionCount() > 0; i++) {
            Thread.sleep(20);
        }
        return server.sessionCount();
    }
}
