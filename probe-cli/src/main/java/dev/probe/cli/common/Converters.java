package dev.probe.cli.common;

import dev.probe.core.units.Durations;
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
}
