package dev.probe.core.units;

import java.util.Locale;

/**
 * A rate at the edges (a peak redo rate as the user or a plan writes it): parsed once, bytes per second inside,
 * printed in Oracle's decimal units (MB/s = 10^6 bytes a second, as AWR and the sizing notes count redo).
 *
 * @param bytesPerSecond bytes a second, finite and not negative
 */
public record Rate(double bytesPerSecond) {
    public Rate {
        if (!(bytesPerSecond >= 0) || Double.isInfinite(bytesPerSecond)) {
            throw new IllegalArgumentException(bytesPerSecond + " bytes/s is not a rate");
        }
    }

    /** What a user wrote, with its unit: 45MB/s, 45MiB/s, 360Mbit/s (a one-line refusal otherwise). */
    public static Rate parse(String text) {
        return new Rate(Rates.parseByteRate(text));
    }

    /** The same rate in bits a second. */
    public double bitsPerSecond() {
        return bytesPerSecond * 8;
    }

    /** "45.0 MB/s (360.0 Mbit/s)": both units, as the request headers print a rate. */
    public String described() {
        return Rates.describeByteRate(bytesPerSecond);
    }

    /** "45.0 MB/s". */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.1f MB/s", bytesPerSecond / 1e6);
    }
}
