package dev.probe.e2e;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs every process a timing test class starts at nice {@value #NICE}: a lab stands for hosts and a WAN of their
 * own, a Far Sync's slower disk for a host of its own, so the CPU-bound classes that share this machine with them
 * (a bundle's jlink, many short JVMs) wait behind them rather than stretch the round trips, commit times and rates
 * they measure. The paper's netem ran in the kernel, ahead of every process; the lab's forwarder threads already
 * take nice -10 for the same reason. Only where the JVM may raise a priority (root); elsewhere the processes run
 * at the JVM's own.
 *
 * <p>At nice -10 such classes yield to nothing but each other, so at most {@code probe.timingSlots} (3) of them run
 * at once across the JVMs failsafe forks (a file lock each under target/timing-slots): four labs side by side on
 * two cores once named a 50 Mbit/s policer as loss and took 66 s to name a black hole; three at once, with the
 * other classes beside them, is what the lab execution ran green.
 */
final class TimingPriority implements BeforeAllCallback, AfterAllCallback {
    static final int NICE = -10;
    /** How long a class waits for a slot before it runs anyway, saying so. */
    private static final long WAIT_MS = 600_000;
    private static FileChannel slot;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        slot = take(Integer.getInteger("probe.timingSlots", 3), context.getDisplayName());
        ProbeProcess.niceness("root".equals(System.getProperty("user.name")) ? NICE : 0);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        ProbeProcess.niceness(0);
        if (slot != null) {
            slot.close(); // and its lock with it
            slot = null;
        }
    }

    /** One of {@code slots} file locks, waiting for one to free; null after {@link #WAIT_MS} without one. */
    private static FileChannel take(int slots, String who) throws IOException, InterruptedException {
        Path dir = Path.of(System.getProperty("basedir", "."), "target", "timing-slots");
        Files.createDirectories(dir);
        long deadline = System.currentTimeMillis() + WAIT_MS;
        while (System.currentTimeMillis() < deadline) {
            for (int i = 0; i < slots; i++) {
                FileChannel ch = FileChannel.open(dir.resolve("slot-" + i), StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE);
                FileLock lock = ch.tryLock();
                if (lock != null) {
                    return ch;
                }
                ch.close();
            }
            Thread.sleep(200);
        }
        System.out.println(who + ": no timing slot free in " + WAIT_MS / 1000 + " s; running beside them");
        return null;
    }
}
