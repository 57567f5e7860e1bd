package dev.probe.core.server;

import java.io.PrintStream;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** Where the server's one-line events go; the default prints {@code (HH:MM:SS) line} like oratcptest. */
@FunctionalInterface
public interface ServerLog {
    DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    void log(String line);

    static ServerLog to(PrintStream out) {
        return line -> {
            synchronized (out) {
                out.println("(" + LocalTime.now().format(CLOCK) + ") " + line);
                out.flush();
            }
        };
    }
}
