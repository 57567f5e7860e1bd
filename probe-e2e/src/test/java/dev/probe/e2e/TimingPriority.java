package dev.probe.e2e;

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
 */
final class TimingPriority implements BeforeAllCallback, AfterAllCallback {
    static final int NICE = -10;

    @Override
    public void beforeAll(ExtensionContext context) {
        ProbeProcess.niceness("root".equals(System.getProperty("user.name")) ? NICE : 0);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        ProbeProcess.niceness(0);
    }
}
