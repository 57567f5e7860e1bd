package dev.probe.core.payload;

import dev.probe.core.protocol.BadParameterException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a run sends ({@code --payload}): {@code random} (the default: bytes that never repeat within a run and
 * differ between runs, so no WAN optimiser or compressor can shrink them), {@code compressible:R} (zstd and
 * gzip shrink it to about R of its size, for sizing compression), {@code zeros}, or {@code file:PATH} (the
 * user's own bytes, such as an archived redo log, looped with a stamp in every 512-byte block).
 *
 * <pre>{@code
 * Payload p = Payload.parse("compressible:0.5");   // p.ratio() == 0.5
 * }</pre>
 *
 * @param type  which content
 * @param ratio the compressed/original size aimed at: 1 for random, 0 for zeros, R for compressible
 * @param file  the file of a {@code file:} payload, else null
 */
public record Payload(Type type, double ratio, Path file) {

    /** The default: unique, incompressible bytes. */
    public static final Payload RANDOM = new Payload(Type.RANDOM, 1, null);
    public static final double MIN_RATIO = 0.1;
    private static final Pattern COMPRESSIBLE = Pattern.compile("compressible:([0-9]*\\.?[0-9]+)");
    private static final Pattern PATH_TEXT = Pattern.compile("[\\p{Print}]{1,1024}");

    /** The kinds of content. */
    public enum Type { RANDOM, COMPRESSIBLE, ZEROS, FILE }

    public Payload {
        if (type == null) {
            throw new BadParameterException("payload", "is missing");
        }
        if (type == Type.COMPRESSIBLE && !(ratio >= MIN_RATIO && ratio <= 1)) {
            throw new BadParameterException("payload", "compressible:" + ratio + " is out of range: R is the "
                    + "compressed share, from " + MIN_RATIO + " to 1");
        }
        if ((type == Type.FILE) != (file != null)) {
            throw new BadParameterException("payload", "a file payload names its file (file:PATH)");
        }
    }

    /**
     * Parses {@code random}, {@code compressible:R}, {@code zeros} or {@code file:PATH}; a bad one is a
     * {@link BadParameterException} naming {@code payload} and the value.
     */
    public static Payload parse(String text) {
        if (text == null) {
            throw new BadParameterException("payload", "is missing");
        }
        String t = text.trim();
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.equals("random")) {
            return RANDOM;
        }
        if (lower.equals("zeros")) {
            return new Payload(Type.ZEROS, 0, null);
        }
        Matcher m = COMPRESSIBLE.matcher(lower);
        if (m.matches()) {
            double r = Double.parseDouble(m.group(1));
            if (!(r >= MIN_RATIO && r <= 1)) {
                throw new BadParameterException("payload", "'" + text + "': R is the share compression leaves, from "
                        + MIN_RATIO + " to 1");
            }
            return new Payload(Type.COMPRESSIBLE, r, null);
        }
        if (lower.startsWith("file:")) {
            String path = t.substring("file:".length());
            if (!PATH_TEXT.matcher(path).matches()) {
                throw new BadParameterException("payload", "'" + text + "' names no file (file:PATH, 1-1024 printable "
                        + "characters)");
            }
            return new Payload(Type.FILE, 1, Path.of(path));
        }
        throw new BadParameterException("payload", "'" + text + "' is not random, compressible:R (R from " + MIN_RATIO
                + " to 1), zeros or file:PATH");
    }

    /** True unless the content is the user's file, which only the sending side has. */
    public boolean derivable() {
        return type != Type.FILE;
    }

    /** The spelling {@link #parse} reads back: random, compressible:0.5, zeros, file:/path. */
    @Override
    public String toString() {
        return switch (type) {
            case RANDOM -> "random";
            case ZEROS -> "zeros";
            case COMPRESSIBLE -> "compressible:" + trim(ratio);
            case FILE -> "file:" + file;
        };
    }

    /** oratcptest's request-header style: "RANDOM (unique per run)". */
    public String describe() {
        return switch (type) {
            case RANDOM -> "RANDOM (unique per run, incompressible)";
            case ZEROS -> "ZEROS (compresses to nothing)";
            case COMPRESSIBLE -> "COMPRESSIBLE to " + trim(ratio) + " (unique per run)";
            case FILE -> "FILE " + file + " (looped, every 512-byte block stamped)";
        };
    }

    private static String trim(double r) {
        String s = String.format(Locale.ROOT, "%.3f", r);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
