package dev.probe.core.server;

import java.util.function.IntConsumer;

/**
 * An OutOfMemoryError (or another VirtualMachineError) ends a server: one log line, then the process halts with
 * {@link #EXIT}, so a service manager restarts it. A server that caught it and went on would hold its ports and
 * serve no one (issue 23, point 3). Checked where a pipeline's exceptions end and on threads that die of one;
 * the bundle also starts the JVM with {@code -XX:+ExitOnOutOfMemoryError} for those Netty's own loops swallow.
 */
public final class Fatal {
    /** The exit code of a server ended by a fatal error (EX_SOFTWARE). */
    public static final int EXIT = 70;
    private static volatile IntConsumer halt = code -> Runtime.getRuntime().halt(code);

    private Fatal() {
    }

    /** Halts the process when {@code cause}, or a cause of it, is a VirtualMachineError; otherwise returns. */
    public static void check(Throwable cause, ServerLog log) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof VirtualMachineError) {
                try {
                    log.log("fatal: " + t + "; the server ends (exit " + EXIT + ") so its service manager can restart it");
                } finally {
                    halt.accept(EXIT);
                }
                return;
            }
        }
    }

    /** Makes every thread of the process that dies of a VirtualMachineError end the process. */
    public static void install(ServerLog log) {
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            check(e, log);
            if (previous != null) {
                previous.uncaughtException(thread, e);
            }
        });
    }

    /** Tests: what halting does instead of halting the test's JVM. Returns what it replaced. */
    static IntConsumer haltWith(IntConsumer replacement) {
        IntConsumer old = halt;
        halt = replacement;
        return old;
    }
}
