package dev.probe.cli.common;

import dev.probe.core.payload.Content;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.BadParameterException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** {@code --payload}: what a run sends (unique random bytes unless asked); shared by client, bulk, objstore, qualify. */
public final class PayloadOption {
    @Option(names = "--payload", defaultValue = "random", converter = PayloadConverter.class,
            paramLabel = "random|compressible:R|zeros|file:PATH",
            description = "What to send (default: ${DEFAULT-VALUE}: bytes that never repeat, which no WAN optimiser "
                    + "or compressor can shrink). compressible:R: compresses to about R, from 0.1 to 1. zeros. "
                    + "file:PATH: your file (an archived redo log, a backup piece) looped, every 512-byte block "
                    + "stamped.")
    public Payload payload;

    /** The payload, a file payload's file opened once here, so a bad one fails before any connection. */
    public Payload checked() {
        if (payload.type() == Payload.Type.FILE) {
            Content.of(payload, 0, 0).close();
        }
        return payload;
    }

    /** picocli converter: {@link Payload#parse}, its message as picocli's. */
    public static final class PayloadConverter implements ITypeConverter<Payload> {
        @Override
        public Payload convert(String value) {
            try {
                return Payload.parse(value);
            } catch (BadParameterException e) {
                throw new TypeConversionException(e.getMessage().replaceFirst("^payload: ", ""));
            }
        }
    }
}
