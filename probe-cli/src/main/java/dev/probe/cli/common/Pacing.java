package dev.probe.cli.common;

import dev.probe.core.error.UsageException;
import dev.probe.core.units.Rates;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * An open-loop rate as the user gave it: messages per second ({@code 1000}) or a byte or bit rate
 * ({@code 45MB/s}, {@code 360Mbit/s}) that becomes messages per second once the message length is known.
 *
 * @param messagesPerSecond the rate in messages, or 0 when given as bytes
 * @param bytesPerSecond    the rate in bytes, or 0 when given as messages
 */
public record Pacing(double messagesPerSecond, double bytesPerSecond) {
    /** Messages per second for messages of {@code length} payload bytes. */
    public double messagesPerSecond(long length) {
        if (bytesPerSecond == 0) {
            return messagesPerSecond;
        }
        if (length <= 0) {
            throw new UsageException("--rate " + Rates.describeByteRate(bytesPerSecond)
                    + " needs --length above 0");
        }
        return bytesPerSecond / length;
    }

    /** A number is messages per second; anything with a unit is a byte or bit rate. */
    public static final class Converter implements ITypeConverter<Pacing> {
        @Override
        public Pacing convert(String value) {
            try {
                if (value.trim().matches("\\d+(\\.\\d+)?")) {
                    return new Pacing(Double.parseDouble(value.trim()), 0);
                }
                return new Pacing(0, Rates.parseByteRate(value));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
