package dev.probe.core.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An OutOfMemoryError ends the server (issue 23, point 3: 5,000 idle connections under -Xmx256m left a process
 * that served neither port and ignored SIGTERM, so systemd never restarted it); other errors end one connection.
 */
class FatalTest {
    private final List<Integer> halts = new CopyOnWriteArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final IntConsumer previous = Fatal.haltWith(halts::add);

    @AfterEach
    void restore() {
        Fatal.haltWith(previous);
    }

    @Test
    void anOutOfMemoryErrorInAPipelineHaltsTheProcessWithItsExitCode() {
        EmbeddedChannel ch = new EmbeddedChannel(new ServerExceptionHandler(log::add));
        ch.pipeline().fireExceptionCaught(new OutOfMemoryError("Java heap space"));
        assertEquals(List.of(Fatal.EXIT), halts);
        assertTrue(log.get(0).startsWith(
                "fatal: java.lang.OutOfMemoryError: Java heap space; the server ends (exit 70)"),
                log.toString());
        ch.finishAndReleaseAll();
    }

    @Test
    void aWrappedOneToo() {
        Fatal.check(new RuntimeException("wrapped", new OutOfMemoryError("Direct buffer memory")), log::add);
        assertEquals(List.of(Fatal.EXIT), halts);
    }

    @Test
    void anOrdinaryFailureEndsOnlyItsConnection() {
        EmbeddedChannel ch = new EmbeddedChannel(new ServerExceptionHandler(log::add));
        ch.pipeline().fireExceptionCaught(new IOException("Connection reset by peer"));
        assertTrue(halts.isEmpty());
        assertTrue(!ch.isOpen(), "the connection is closed");
        ch.finishAndReleaseAll();
    }

    @Test
    void aThreadThatDiesOfOneEndsTheProcess() throws Exception {
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        try {
            Fatal.install(log::add);
            Thread t = new Thread(() -> {
                throw new OutOfMemoryError("unable to create native thread");
            });
            t.start();
            t.join(5000);
            assertEquals(List.of(Fatal.EXIT), halts);
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }

    /** Issue 40, point 3: Netty logs and swallows an error in a task, or a disk executor dies of it. */
    @Test
    void anOutOfMemoryErrorNettyLogsInsteadOfThrowingEndsTheProcess() throws Exception {
        Fatal.watchNetty(log::add);
        InternalLoggerFactory.getInstance("probe.test")
                .warn("A task raised an exception. Task: {}", "task", new OutOfMemoryError("Java heap space"));
        assertEquals(List.of(Fatal.EXIT), halts);
        InternalLoggerFactory.getInstance("probe.test2")
                .warn("Unexpected exception from an event executor: ", new IOException("not fatal"));
        assertEquals(List.of(Fatal.EXIT), halts, "an ordinary error is only logged");
        InternalLoggerFactory.getInstance("probe.test3")
                .warn("{} {} {}", "a", "b", new OutOfMemoryError("Direct buffer memory"));
        assertEquals(List.of(Fatal.EXIT, Fatal.EXIT), halts, "also at the end of varargs");
    }
}
