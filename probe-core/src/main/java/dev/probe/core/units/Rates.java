package dev.probe.core.units;

import dev.probe.core.error.UsageException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Throughput arithmetic shared by client, server and reports. One convention: MB/s is 10^6 bytes a second, as Oracle
 * and AWR write redo rates; MiB/s is written so wherever it is meant; "Mbytes/s" appears only in the client's
 * oratcptest lines, where it means MiB/s as oratcptest's own does.
 */
public final class Rates {
    private static final Pattern RATE = Pattern.compile(
            "(\\d+(?:\\.\\d+)?)\\s*([kKmMgGtT]i?)?(B|b|bit|Bit|bits)(/s|ps)?");

    private Rates() {
    }

    /**
     * Bytes per second from a byte or bit rate as DBAs and network engineers write them: {@code 45MB/s},
     * {@code 45MiB/s}, {@code 360Mbit/s}, {@code 360Mbps}, {@code 1Gbit/s}. B is bytes, b or bit is bits; K, M, G, T
     * are powers of 1000 and Ki, Mi, Gi, Ti powers of 1024. A bare number is refused: its unit would be a guess.
     */
    public static double parseByteRate(String text) {
        String s = text == null ? "" : text.trim();
        Matcher m = RATE.matcher(s);
        if (!m.matches()) {
            throw new UsageException("'" + s + "' is not a rate; write it with its unit, e.g. 45MB/s, "
                    + "45MiB/s or 360Mbit/s");
        }
        if (m.group(3).equals("b") && "/s".equals(m.group(4)) && m.group(2) != null
                && Character.isLowerCase(m.group(2).charAt(0))) {
            throw new UsageException("'" + s + "' is ambiguous: write " + m.group(1)
                    + m.group(2).toUpperCase(Locale.ROOT) + "B/s for bytes (as AWR counts redo) or " + m.group(1)
                    + m.group(2).toUpperCase(Locale.ROOT) + "bit/s for bits");
        }
        double value = Double.parseDouble(m.group(1));
        String prefix = m.group(2) == null ? "" : m.group(2).toUpperCase(Locale.ROOT);
        double scale = switch (prefix) {
            case "" -> 1;
            case "K" -> 1e3;
            case "M" -> 1e6;
            case "G" -> 1e9;
            case "T" -> 1e12;
            case "KI" -> 1024.0;
            case "MI" -> 1024.0 * 1024;
            case "GI" -> 1024.0 * 1024 * 1024;
            default -> 1024.0 * 1024 * 1024 * 1024;
        };
        boolean bits = !m.group(3).equals("B");
        double bytes = value * scale / (bits ? 8 : 1);
        if (!(bytes > 0) || Double.isInfinite(bytes)) {
            throw new UsageException("'" + s + "' must be above 0");
        }
        return bytes;
    }

    /** Bits per second from a rate written as {@link #parseByteRate} takes it (tc's {@code 1gbit} too). */
    public static long parseBitRate(String text) {
        return Math.round(parseByteRate(text) * 8);
    }

    /** A byte rate for people: {@code 45.0 MB/s (360.0 Mbit/s)}, decimal units. */
    public static String describeByteRate(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.1f MB/s (%.1f Mbit/s)", bytesPerSecond / 1e6, bytesPerSecond * 8 / 1e6);
    }

    /** MiB per second; 0 for an empty window. */
    public static double mibPerSecond(long bytes, long nanos) {
        return nanos <= 0 ? 0 : bytes / (double) Sizes.MIB / (nanos / 1e9);
    }

    /** MB/s (10^6 bytes a second, as AWR and Oracle's sizing notes write redo); 0 for an empty window. */
    public static double mbPerSecond(long bytes, long nanos) {
        return nanos <= 0 ? 0 : bytes * 1e3 / nanos;
    }

    /** Gbit/s (decimal, as link speeds are quoted); 0 for an empty window. */
    public static double gbps(long bytes, long nanos) {
        return nanos <= 0 ? 0 : bytes * 8.0 / nanos;
    }
}
