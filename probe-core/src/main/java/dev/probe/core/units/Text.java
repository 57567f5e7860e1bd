package dev.probe.core.units;

import java.util.Locale;

/** The one way probe formats a figure into words: {@link String#format} in the root locale (a dot, never a comma). */
public final class Text {
    private Text() {
    }

    /** {@code String.format(Locale.ROOT, format, args)}: "1.5 MB/s" whatever the host's locale. */
    public static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
