package dev.probe.core.server;

import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.function.IntConsumer;

/**
 * An OutOfMemoryError (or another VirtualMachineError) ends a server: one log line, then the process halts with
 * {@link #EXIT}, so a service manager restarts it. A server that caught it and went on would hold its ports and
 * serve no one (issue 23, point 3). Checked where a pipeline's exceptions end, on threads that die of one, and in
 * every error Netty logs instead of throwing (a task's on an event loop, a disk executor that dies of it, a
 * listener's): {@link #install} wraps Netty's loggers. The JVM's own {@code -XX:+ExitOnOutOfMemoryError} would
 * exit 3 instead (issue 40, point 3), so the bundle does not set it.
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
                    log.log("fatal: " + t + "; the server ends (exit " + EXIT
                            + ") so its service manager can restart it");
                } finally {
                    halt.accept(EXIT);
                }
                return;
            }
        }
    }

    /**
     * Makes every thread of the process that dies of a VirtualMachineError end the process, and every such error
     * Netty logs (and would otherwise swallow) too; call before the first event loop starts.
     */
    public static void install(ServerLog log) {
        watchNetty(log);
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            check(e, log);
            if (previous != null) {
                previous.uncaughtException(thread, e);
            }
        });
    }

    /** Wraps Netty's logger factory so that each logged Throwable passes {@link #check} first; once. */
    static synchronized void watchNetty(ServerLog log) {
        InternalLoggerFactory inner = InternalLoggerFactory.getDefaultFactory();
        if (!(inner instanceof Watching)) {
            InternalLoggerFactory.setDefaultFactory(new Watching(inner, log));
        }
    }

    /** Netty's loggers, each behind a proxy that checks every Throwable it is given (also in a varargs array). */
    private static final class Watching extends InternalLoggerFactory {
        private final InternalLoggerFactory inner;
        private final ServerLog log;
        private final Method newInstance;

        Watching(InternalLoggerFactory inner, ServerLog log) {
            this.inner = inner;
            this.log = log;
            try {
                newInstance = InternalLoggerFactory.class.getDeclaredMethod("newInstance", String.class);
                newInstance.setAccessible(true);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Netty's InternalLoggerFactory changed: " + e, e);
            }
        }

        @Override
        protected InternalLogger newInstance(String name) {
            InternalLogger real;
            try {
                real = (InternalLogger) newInstance.invoke(inner, name);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot make Netty's logger " + name + ": " + e, e);
            }
            return (InternalLogger) Proxy.newProxyInstance(Fatal.class.getClassLoader(),
                    new Class<?>[] {InternalLogger.class}, (proxy, method, args) -> {
                        checkAll(args);
                        try {
                            return method.invoke(real, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        private void checkAll(Object[] args) {
            if (args == null) {
                return; // isDebugEnabled() and the like: nothing to check, nothing allocated
            }
            for (Object a : args) {
                if (a instanceof Throwable t) {
                    check(t, log);
                } else if (a instanceof Object[] more) {
                    checkAll(more);
                }
            }
        }
    }

    /** Tests: what halting does instead of halting the test's JVM. Returns what it replaced. */
    static IntConsumer haltWith(IntConsumer replacement) {
        IntConsumer old = halt;
        halt = replacement;
        return old;
    }
}
