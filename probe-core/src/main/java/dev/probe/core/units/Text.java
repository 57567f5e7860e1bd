package dev.probe.core.units;

import java.util.Locale;

/**
 * The one way probe formats a figure into words: {@link String#format} in the root locale (a dot, never a comma); and
 * the one way it quotes what a user or a peer wrote back to them ({@link #quote}).
 */
public final class Text {
    /** Characters of someone else's input a message quotes at most. */
    public static final int QUOTE_MAX = 200;

    private Text() {
    }

    /**
     * {@code input} safe to print: control characters (an ESC that would clear the screen, a newline that would forge a
     * log line) written as {@code \xNN}, cut after {@link #QUOTE_MAX} characters printed, saying how many there were.
     */
    public static String quote(String input) {
        return quote(input, QUOTE_MAX);
    }

    /** {@link #quote(String)} keeping at most {@code max} characters (a whole refusal that quotes several inputs). */
    public static String quote(String input, int max) {
        String s = String.valueOf(input);
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (; i < s.length() && b.length() < max; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                b.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
            } else {
                b.append(c);
            }
        }
        if (i < s.length()) {
            b.append("... (").append(s.length()).append(" characters in all)");
        }
        return b.toString();
    }

    /** {@code String.format(Locale.ROOT, format, args)}: "1.5 MB/s" whatever the host's locale. */
    public static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
