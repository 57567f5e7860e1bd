package dev.probe.cli.common;

import dev.probe.core.units.Durations;
import dev.probe.core.units.Rates;
import dev.probe.core.units.Sizes;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** picocli converters for sizes ({@code 0, 512, 64k, 1M, 1MiB, 1.06TB}) and durations ({@code 500ms, 10s, 2m}). */
public final class Converters {
    private Converters() {
    }

    /** Bytes from a size. */
    public static final class Size implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Sizes.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /**
     * A millisecond-scale {@link Duration} (a commit budget, a log write, a latency bound) that must say its unit:
     * a bare number is refused with the spellings to use, since a DBA's "5" means 5 ms where the other durations
     * read seconds (a 5 s budget would pass anything).
     */
    public static final class Latency implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            String v = value == null ? "" : value.trim();
            if (v.matches("\\d+(\\.\\d+)?")) {
                throw new TypeConversionException("'" + value + "' needs a unit: write " + v
                        + "ms for milliseconds (or "
                        + v + "us, " + v + "s)");
            }
            return new Time().convert(value);
        }
    }

    /**
     * Milliseconds for a flag whose name says ms ({@code --rtt-ms}): a bare number is ms, and a duration with its
     * unit ({@code 40ms}, {@code 0.04s}) is read as written rather than refused as "not a double".
     */
    public static final class Millis implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            String v = value == null ? "" : value.trim();
            if (v.matches("-?\\d+(\\.\\d+)?")) {
                return Double.parseDouble(v);
            }
            return new Time().convert(value).toNanos() / 1e6;
        }
    }

    /** A {@link Duration}. */
    public static final class Time implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Durations.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** Bytes per second from a byte rate ({@code 60MB/s}, {@code 480Mbit/s}); a bare number or {@code mb/s} refused. */
    public static final class ByteRate implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            try {
                return Rates.parseByteRate(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
