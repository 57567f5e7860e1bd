package dev.probe.report;

import java.util.Locale;

/** Output formats of the report commands. */
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
}
