package dev.probe.core.units;

import dev.probe.core.error.UsageException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and formats byte sizes the way oratcptest users write them.
 *
 * <p>Single-letter suffixes are binary, as in oratcptest and {@code -Xmx} ({@code 64k} = 65536,
 * {@code 1M} = 1048576); {@code KiB/MiB/GiB/TiB} are binary; {@code KB/MB/GB/TB} are decimal (SI),
 * so the paper's {@code 1.06TB} is 1.06e12 bytes. Fractions are allowed and rounded to a byte.
 */
public final class Sizes {
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-zA-Z]*)");
    public static final long KIB = 1024L;
    public static final long MIB = 1024L * 1024L;
    public static final long GIB = 1024L * MIB;

    private Sizes() {
    }

    /** Parses {@code text} into bytes, or throws {@link IllegalArgumentException} naming the bad value. */
    public static long parse(String text) {
        if (text == null) {
            throw new UsageException("missing size");
        }
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new UsageException("'" + text + "' is not a size (examples: 0, 512, 64k, 1M, 1MiB, 1.06TB)");
        }
        long multiplier = multiplier(m.group(2), text);
        BigDecimal bytes = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(multiplier));
        if (bytes.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new UsageException("size '" + text + "' is too large");
        }
        return bytes.setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    private static long multiplier(String unit, String text) {
        switch (unit.toLowerCase(Locale.ROOT)) {
            case "":
            case "b":
                return 1;
            case "k":
            case "kib":
                return KIB;
            case "m":
            case "mib":
                return MIB;
            case "g":
            case "gib":
                return GIB;
            case "t":
            case "tib":
                return 1024L * GIB;
            case "kb":
                return 1_000L;
            case "mb":
                return 1_000_000L;
            case "gb":
                return 1_000_000_000L;
            case "tb":
                return 1_000_000_000_000L;
            default:
                throw new UsageException("'" + text + "' has an unknown size unit '" + unit
                        + "' (use k, M, G, KiB, MiB, GiB, KB, MB, GB, TB)");
        }
    }

    /** Formats like oratcptest's header: {@code 0 bytes}, {@code 512 bytes}, {@code 64 Kbytes}, {@code 1 Mbyte}. */
    public static String describe(long bytes) {
        if (bytes >= MIB && bytes % MIB == 0) {
            long n = bytes / MIB;
            return n + (n == 1 ? " Mbyte" : " Mbytes");
        }
        if (bytes >= KIB && bytes % KIB == 0) {
            long n = bytes / KIB;
            return n + (n == 1 ? " Kbyte" : " Kbytes");
        }
        return bytes + (bytes == 1 ? " byte" : " bytes");
    }
}
