package dev.probe.cli.lab;

import dev.probe.cli.common.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A lab forwarder's life in the foreground ({@code lab up --foreground}, two ends or sites): says what it built, marks
 * the state file running, checks its health and rewrites the state every second until the process is stopped, then
 * tears the lab down and marks it stopped.
 */
final class ForwarderLoop {
    /** Writes the lab's state file. */
    interface State {
        void write(boolean running) throws IOException;
    }

    private ForwarderLoop() {
    }

    /**
     * Runs until the JVM shuts down. {@code description} goes to {@code out} before the state says running: lab up
     * prints the forwarder's log as soon as it does (run 66: the state first, and lab up printed an empty log).
     */
    static int run(PrintWriter out, String description, Runnable close, Runnable checkHealthy, State state)
            throws IOException, InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            close.run();
            try {
                state.write(false);
            } catch (IOException e) {
                // the state file is advisory
            }
            stopped.countDown();
        }));
        out.println(description);
        out.flush();
        state.write(true);
        while (!stopped.await(1, TimeUnit.SECONDS)) {
            checkHealthy.run();
            state.write(true);
        }
        return ExitCodes.OK;
    }
}
