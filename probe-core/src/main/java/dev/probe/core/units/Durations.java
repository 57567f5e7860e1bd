package dev.probe.core.units;

import dev.probe.core.error.UsageException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and formats durations written as {@code 10s}, {@code 2m}, {@code 1h}, {@code 500ms}, or plain seconds. */
public final class Durations {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-zA-Z]*)");

    private Durations() {
    }

    /** Parses {@code text}, or throws {@link IllegalArgumentException} naming the bad value. */
    public static Duration parse(String text) {
        if (text == null) {
            throw new UsageException("missing duration");
        }
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new UsageException("'" + text + "' is not a duration (examples: 500ms, 10s, 2m, 1h)");
        }
        BigDecimal value = new BigDecimal(m.group(1));
        long nanosPerUnit;
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "ns":
                nanosPerUnit = 1L;
                break;
            case "us":
                nanosPerUnit = 1_000L;
                break;
            case "ms":
                nanosPerUnit = 1_000_000L;
                break;
            case "":
            case "s":
            case "sec":
                nanosPerUnit = 1_000_000_000L;
                break;
            case "m":
            case "min":
                nanosPerUnit = 60_000_000_000L;
                break;
            case "h":
                nanosPerUnit = 3_600_000_000_000L;
                break;
            case "d":
                nanosPerUnit = 86_400_000_000_000L;
                break;
            default:
                throw new UsageException("'" + text + "' has an unknown time unit '" + m.group(2)
                        + "' (use ms, s, m, h)");
        }
        BigDecimal nanos = value.multiply(BigDecimal.valueOf(nanosPerUnit));
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new UsageException("duration '" + text + "' is too long");
        }
        return Duration.ofNanos(nanos.longValue());
    }

    /**
     * Formats like oratcptest's header, in seconds from one second up: {@code 1 second}, {@code 10 seconds},
     * {@code 15.043 seconds}, and {@code 500 ms} below a second (one spelling whatever the length's origin).
     */
    public static String describe(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000 && ms != 0) {
            return ms + " ms";
        }
        String s = BigDecimal.valueOf(ms, 3).stripTrailingZeros().toPlainString();
        return s + (ms == 1000 ? " second" : " seconds");
    }

    /**
     * A span as a DBA reads it: seconds below 2 minutes, minutes below 2 hours, then minutes with hours beside them
     * below 2 days, and with days beside them beyond ({@code 15,152 min (10.5 days)}); "never" for an infinite one.
     */
    public static String readable(double seconds) {
        if (Double.isNaN(seconds)) {
            return "unknown";
        }
        if (Double.isInfinite(seconds)) {
            return "never";
        }
        double min = seconds / 60;
        if (seconds < 120) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
        if (min < 120) {
            return String.format(Locale.ROOT, "%.1f min", min);
        }
        if (min < 48 * 60) {
            return String.format(Locale.ROOT, "%,.0f min (%.1f h)", min, min / 60);
        }
        return String.format(Locale.ROOT, "%,.0f min (%.1f days)", min, min / 1440);
    }

    /** Seconds as a double, for results. */
    public static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }
}
