package dev.probe.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The reference paper's tables, shipped as resources of this module (see {@code paper/PROVENANCE.md}), and the
 * reader for user CSVs of the same shape.
 */
public final class PaperData {
    private static final String BASE = "/dev/probe/report/paper/";
    private final List<PaperRow> rows;
    private final List<PaperTip> tips;
    private final List<Map<String, String>> summary;

    private PaperData(List<PaperRow> rows, List<PaperTip> tips, List<Map<String, String>> summary) {
        this.rows = List.copyOf(rows);
        this.tips = List.copyOf(tips);
        this.summary = List.copyOf(summary);
    }

    /** The paper's data from this module's resources. */
    public static PaperData load() {
        try {
            List<PaperRow> rows = parseRows(Csv.read(resource("raw.csv"), "raw.csv"), "raw.csv");
            List<PaperTip> tips = new ArrayList<>();
            for (Map<String, String> r : Csv.read(resource("tipping-points.csv"), "tipping-points.csv")) {
                tips.add(new PaperTip(Integer.parseInt(r.get("table")), r.get("operation"),
                        Integer.parseInt(r.get("fc_mtu_bytes")),
                        DeliveryClass.valueOf(r.get("internet_class").toUpperCase(Locale.ROOT)), r.get("tip_2x_ms"),
                        r.get("tip_10x_ms")));
            }
            return new PaperData(rows, tips, Csv.read(resource("summary.csv"), "summary.csv"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the paper data shipped with probe-report", e);
        }
    }

    /** Rows of a user's CSV with the columns of raw.csv (at least table, operation, fc_mtu_bytes, delay_ms, *_multiple). */
    public static List<PaperRow> readRows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            return parseRows(Csv.read(in, csv.toString()), csv.toString());
        }
    }

    private static Reader resource(String name) {
        InputStream in = PaperData.class.getResourceAsStream(BASE + name);
        if (in == null) {
            throw new IllegalStateException("paper resource " + name + " is missing from the jar");
        }
        return new InputStreamReader(in, StandardCharsets.UTF_8);
    }

    static List<PaperRow> parseRows(List<Map<String, String>> csv, String source) {
        List<PaperRow> out = new ArrayList<>();
        int line = 1;
        for (Map<String, String> r : csv) {
            line++;
            String where = source + " line " + line;
            Map<DeliveryClass, Double> gbps = new EnumMap<>(DeliveryClass.class);
            Map<DeliveryClass, Double> multiple = new EnumMap<>(DeliveryClass.class);
            for (DeliveryClass c : DeliveryClass.values()) {
                multiple.put(c, multiple(r, c, where));
                gbps.put(c, optional(r, "internet_" + c.label() + "_gbps", where));
            }
            String label = require(r, "delay_ms", where);
            out.add(new PaperRow(require(r, "table", where), require(r, "operation", where),
                    mtu(require(r, "fc_mtu_bytes", where), where), label, delay(label, where),
                    optional(r, "fc_avg_min", where), optional(r, "fc_gbps", where), gbps, multiple));
        }
        return out;
    }

    /** A class's multiple, from {@code internet_<class>_multiple} or raw.csv's {@code <class>_multiple}; empty = NaN. */
    private static double multiple(Map<String, String> r, DeliveryClass c, String where) {
        String full = "internet_" + c.label() + "_multiple";
        String brief = c.label() + "_multiple";
        if (!r.containsKey(full) && !r.containsKey(brief)) {
            throw new ReportInputException(where + ": missing column " + full + " (or " + brief + ")");
        }
        return optional(r, r.containsKey(full) ? full : brief, where);
    }

    /** A delay cell: a number of ms, or {@code <N} (below the grid's first point), taken as N. */
    static double delay(String label, String where) {
        String s = label.startsWith("<") ? label.substring(1) : label;
        try {
            double v = Double.parseDouble(s.trim());
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new ReportInputException(where + ": delay_ms '" + label + "' is not a delay (e.g. 5, 10.5, <2)");
        }
    }

    /** An MTU cell: a whole number of bytes from 68 to 65535 (a larger one was silently clamped once). */
    private static int mtu(String v, String where) {
        double d = parse(v, "fc_mtu_bytes", where);
        if (d != Math.rint(d) || d < 68 || d > 65535) {
            throw new ReportInputException(where + ": fc_mtu_bytes '" + v + "' is not an MTU (a whole number of "
                    + "bytes, 68 to 65535)");
        }
        return (int) d;
    }

    private static String require(Map<String, String> r, String column, String where) {
        String v = r.get(column);
        if (v == null || v.isEmpty()) {
            throw new ReportInputException(where + ": missing " + column);
        }
        return v;
    }

    private static double required(Map<String, String> r, String column, String where) {
        return parse(require(r, column, where), column, where);
    }

    private static double optional(Map<String, String> r, String column, String where) {
        String v = r.get(column);
        return v == null || v.isEmpty() ? Double.NaN : parse(v, column, where);
    }

    private static double parse(String v, String column, String where) {
        try {
            double d = Double.parseDouble(v);
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            if (d < 0) {
                throw new ReportInputException(where + ": " + column + " '" + v + "' is negative");
            }
            return d;
        } catch (NumberFormatException e) {
            throw new ReportInputException(where + ": " + column + " '" + v + "' is not a number");
        }
    }

    public List<PaperRow> rows() {
        return rows;
    }

    public List<PaperTip> tips() {
        return tips;
    }

    public List<Map<String, String>> summary() {
        return summary;
    }
}
