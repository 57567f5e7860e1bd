package dev.probe.core.units;

import java.util.Locale;

/**
 * The CPU a probe process used over a window: user and system seconds, the window's wall seconds, and the cores
 * it had. Oracle sizes RMAN channels by CPU cost, and a result measured by a CPU-starved probe says so.
 *
 * @param userSeconds   user CPU seconds over the window
 * @param systemSeconds system CPU seconds over the window
 * @param wallSeconds   the window
 * @param cores         processors available to the process
 */
public record CpuUsage(double userSeconds, double systemSeconds, double wallSeconds, int cores) {
    /** Above this share of all its cores a probe may be the bottleneck, not the network. */
    public static final double STARVED = 0.9;

    /** CPU seconds per wall second, as a percentage of one core (200 % = two cores busy). */
    public double percentOfCore() {
        return wallSeconds <= 0 ? 0 : 100 * (userSeconds + systemSeconds) / wallSeconds;
    }

    /** CPU seconds per GiB moved; NaN when nothing moved. */
    public double secondsPerGib(long bytes) {
        return bytes <= 0 ? Double.NaN : (userSeconds + systemSeconds) / (bytes / (double) Sizes.GIB);
    }

    /** True when the process kept above {@link #STARVED} of its cores busy. */
    public boolean starved() {
        return percentOfCore() > STARVED * 100 * cores;
    }

    /** {@code 45.2 % of a core (0.80 s user, 0.10 s sys; 0.12 s/GiB)}. */
    public String describe(long bytes) {
        double perGib = secondsPerGib(bytes);
        return String.format(Locale.ROOT, "%.1f %% of a core (%.2f s user, %.2f s sys%s)", percentOfCore(), userSeconds,
                systemSeconds, Double.isNaN(perGib) ? "" : String.format(Locale.ROOT, "; %.3f s/GiB", perGib));
    }
}
