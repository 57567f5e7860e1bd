package dev.probe.report;

import java.util.Locale;

/** Output formats of the report commands, and the number formats their pages share. */
public enum Format {
    TEXT, CSV, JSON;

    public static Format parse(String s) {
        for (Format f : values()) {
            if (f.name().equalsIgnoreCase(s)) {
                return f;
            }
        }
        throw new ReportInputException("format '" + s + "' is not one of text, csv, json");
    }

    static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /** Seconds as a DBA reads them: seconds, with minutes, hours or days beside when they help. */
    static String readableSeconds(double seconds) {
        if (!Double.isFinite(seconds)) {
            return "unbounded";
        }
        String s = fmt("%,.1f s", seconds);
        if (seconds >= 86_400) {
            return s + fmt(" (%.1f days)", seconds / 86_400);
        }
        if (seconds >= 3_600) {
            return s + fmt(" (%.1f h)", seconds / 3_600);
        }
        return seconds >= 60 ? s + fmt(" (%.1f min)", seconds / 60) : s;
    }
}
