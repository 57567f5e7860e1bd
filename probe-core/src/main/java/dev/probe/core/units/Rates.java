package dev.probe.core.units;

/** Throughput arithmetic shared by client, server and reports ("Mbytes" are MiB, as in oratcptest). */
public final class Rates {
    private Rates() {
    }

    /** MiB per second; 0 for an empty window. */
    public static double mibPerSecond(long bytes, long nanos) {
        return nanos <= 0 ? 0 : bytes / (double) Sizes.MIB / (nanos / 1e9);
    }

    /** Gbit/s (decimal, as link speeds are quoted); 0 for an empty window. */
    public static double gbps(long bytes, long nanos) {
        return nanos <= 0 ? 0 : bytes * 8.0 / nanos;
    }
}
