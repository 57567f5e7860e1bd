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
 * @param jitSeconds    of those CPU seconds, what the JVM's JIT compiler threads used (NaN: not known)
 * @param gcSeconds     of those CPU seconds, what the garbage collector's threads used (NaN: not known)
 */
public record CpuUsage(double userSeconds, double systemSeconds, double wallSeconds, int cores, double jitSeconds,
        double gcSeconds) {

    /** Above this share of all its cores a probe may be the bottleneck, not the network. */
    public static final double STARVED = 0.9;

    /** Without the JVM's own share (a peer too old to report it). */
    public CpuUsage(double userSeconds, double systemSeconds, double wallSeconds, int cores) {
        this(userSeconds, systemSeconds, wallSeconds, cores, Double.NaN, Double.NaN);
    }

    /** True when the JIT's and the collector's shares are known. */
    public boolean jvmKnown() {
        return !Double.isNaN(jitSeconds) && !Double.isNaN(gcSeconds);
    }

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

    /** {@code 45.2 % of a core (0.80 s user, 0.10 s sys; 0.12 s/GiB; JIT 0.05 s, GC 0.01 s)}. */
    public String describe(long bytes) {
        double perGib = secondsPerGib(bytes);
        return String.format(Locale.ROOT, "%.1f %% of a core (%.2f s user, %.2f s sys%s%s)", percentOfCore(),
                userSeconds,
                systemSeconds, Double.isNaN(perGib) ? "" : String.format(Locale.ROOT, "; %.3f s/GiB", perGib),
                jvmKnown() ? String.format(Locale.ROOT, "; JIT %.2f s, GC %.2f s", jitSeconds, gcSeconds) : "");
    }
}
