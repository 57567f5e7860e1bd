package dev.probe.core.qualify;

import dev.probe.core.error.UsageException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads the peak redo rate from a CSV exported from AWR, in either shape (recognised by its header, any column
 * order): {@code DBA_HIST_SYSMETRIC_SUMMARY} (INSTANCE_NUMBER, BEGIN_TIME, END_TIME, METRIC_NAME, AVERAGE,
 * MAXVAL: one row per instance and snapshot interval) or {@code GV$SYSMETRIC_HISTORY} (INST_ID, BEGIN_TIME,
 * END_TIME, METRIC_NAME, VALUE: one row per instance and minute). Only 'Redo Generated Per Sec' rows count;
 * RAC instances are summed per interval; times are the database's wall clock ({@link RedoLoad#TIMES}). A bad
 * row is one line naming its line and column; the same row twice (two spools appended) is counted once, the
 * same instance and interval with other figures is refused.
 */
public final class AwrCsv {
    static final String METRIC = "Redo Generated Per Sec";
    /** The lowest busiest-interval rate qualified for, bytes/s: below it the file holds no redo to speak of. */
    static final double MIN_PEAK = 1;
    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder().parseCaseInsensitive()
            .appendPattern("yyyy-MM-dd[' ']['T']HH:mm[:ss]").toFormatter(Locale.ROOT);

    private AwrCsv() {
    }

    /** The SQL that writes either file (run in SQL*Plus; both print the header this parser expects). */
    public static String sql() {
        return """
                -- probe qualify --awr: the redo rate per AWR snapshot interval, every RAC instance (run as a DBA).
                -- Spool to a file, then: probe qualify STANDBY --awr FILE
                set markup csv on quote off
                set feedback off
                spool redo_awr.csv
                select instance_number,
                       to_char(begin_time, 'YYYY-MM-DD HH24:MI:SS') begin_time,
                       to_char(end_time, 'YYYY-MM-DD HH24:MI:SS') end_time,
                       metric_name, average, maxval
                  from dba_hist_sysmetric_summary
                 where metric_name = 'Redo Generated Per Sec'
                   and begin_time > sysdate - 31
                 order by begin_time, instance_number;
                spool off

                -- Or the last hour at one-minute grain:
                spool redo_minutes.csv
                select inst_id, to_char(begin_time, 'YYYY-MM-DD HH24:MI:SS') begin_time,
                       to_char(end_time, 'YYYY-MM-DD HH24:MI:SS') end_time, metric_name, value
                  from gv$sysmetric_history
                 where metric_name = 'Redo Generated Per Sec'
                 order by begin_time, inst_id;
                spool off
                """;
    }

    /** The longest line read (an AWR row is under 200 characters). */
    static final int MAX_LINE = 4096;
    /** The most lines read: a month of one-minute rows for 32 instances. */
    static final int MAX_LINES = 1_500_000;

    /**
     * Parses {@code file}; an unreadable, empty, oversized or malformed file, or one that is not a regular file (a
     * FIFO, a device), is an IllegalArgumentException of one line naming --awr.
     */
    public static RedoLoad read(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new UsageException("--awr " + file + ": no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new UsageException("--awr " + file + ": not a regular file (a CSV spooled from SQL*Plus expected)");
        }
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                Files.newInputStream(file), StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)))) {
            for (String line; (line = boundedLine(in, file, lines.size() + 1)) != null;) {
                if (lines.size() == MAX_LINES) {
                    throw new UsageException("--awr " + file + ": more than " + MAX_LINES + " lines (export a month "
                            + "or less)");
                }
                lines.add(line);
            }
        } catch (CharacterCodingException e) {
            throw new UsageException("--awr " + file + ": not a text file (UTF-8 CSV expected)");
        } catch (IOException e) {
            throw new UsageException("--awr " + file + ": cannot read it: " + e.getMessage());
        }
        if (!lines.isEmpty() && lines.get(0).startsWith("\uFEFF")) {
            lines.set(0, lines.get(0).substring(1));
        }
        return parse(lines, file.toString());
    }

    /** The next line, refused past {@link #MAX_LINE} characters before more of it is held; null at the end. */
    private static String boundedLine(BufferedReader in, Path file, int number) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int c; (c = in.read()) != -1;) {
            if (c == '\n') {
                return b.toString();
            }
            if (c != '\r') {
                if (b.length() == MAX_LINE) {
                    throw new UsageException("--awr " + file + " line " + number + ": longer than " + MAX_LINE
                            + " characters (not an AWR export)");
                }
                b.append((char) c);
            }
        }
        return b.length() == 0 ? null : b.toString();
    }

    static RedoLoad parse(List<String> lines, String name) {
        int headerLine = 0;
        while (headerLine < lines.size() && lines.get(headerLine).isBlank()) {
            headerLine++;
        }
        if (headerLine == lines.size()) {
            throw new UsageException("--awr " + name + ": the file is empty");
        }
        Columns c = Columns.of(split(lines.get(headerLine), "--awr " + name + " line " + (headerLine + 1)), name,
                headerLine + 1);
        Map<String, double[]> sums = new TreeMap<>();
        Map<String, LocalDateTime[]> spans = new TreeMap<>();
        SortedMap<Integer, Double> instancePeaks = new TreeMap<>();
        Map<String, String> seen = new HashMap<>();
        int duplicates = 0;
        for (int i = headerLine + 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            String where = "--awr " + name + " line " + (i + 1);
            String[] f = split(lines.get(i), where);
            if (!c.text(f, c.metric, where, "METRIC_NAME").equalsIgnoreCase(METRIC)) {
                continue;
            }
            LocalDateTime begin = c.time(f, c.begin, where, "BEGIN_TIME");
            LocalDateTime end = c.time(f, c.end, where, "END_TIME");
            if (!end.isAfter(begin)) {
                throw new UsageException(where + ", column END_TIME: " + end + " is not after BEGIN_TIME");
            }
            double avg = c.number(f, c.average, where, c.history ? "VALUE" : "AVERAGE");
            double max = c.history ? avg : c.number(f, c.max, where, "MAXVAL");
            String instance = c.instance(f, where);
            if (repeated(seen, instance + "@" + begin + "/" + end, avg + "/" + max, i + 1, where)) {
                duplicates++;
                continue; // the same row twice (two spools appended): counted once
            }
            instancePeaks.merge(Integer.parseInt(instance), max, Math::max);
            String key = begin + "/" + end;
            double[] s = sums.computeIfAbsent(key, k -> new double[3]);
            s[0] += avg;
            s[1] += max;
            s[2]++;
            spans.put(key, new LocalDateTime[] {begin, end});
        }
        return load(name, c.history, sums, spans, instancePeaks, duplicates);
    }

    /**
     * Whether instance and interval {@code row} came before with the same {@code values} (then it is counted once);
     * before with other values is refused, naming both lines.
     */
    private static boolean repeated(Map<String, String> seen, String row, String values, int line, String where) {
        String before = seen.putIfAbsent(row, values + " " + line);
        if (before == null) {
            return false;
        }
        if (!before.startsWith(values + " ")) {
            throw new UsageException(where + ": instance " + row.replace("@", "'s ").replace("/", " to ")
                    + " is also at line " + before.substring(before.lastIndexOf(' ') + 1) + " with other figures: "
                    + "which one holds?");
        }
        return true;
    }

    /** The intervals summed over the instances, in time order, and the peak they give (the p95 beside it). */
    private static RedoLoad load(String name, boolean history, Map<String, double[]> sums,
                                 Map<String, LocalDateTime[]> spans, SortedMap<Integer, Double> instancePeaks,
                                 int duplicates) {
        if (sums.isEmpty()) {
            throw new UsageException("--awr " + name + ": no '" + METRIC + "' rows");
        }
        List<RedoLoad.Interval> intervals = new ArrayList<>();
        sums.forEach((k, s) -> intervals.add(new RedoLoad.Interval(spans.get(k)[0], spans.get(k)[1], s[0], s[1],
                (int) s[2])));
        intervals.sort((a, b) -> a.begin().compareTo(b.begin()));
        double[] peaks = intervals.stream().mapToDouble(RedoLoad.Interval::peakBytesPerSecond).sorted().toArray();
        double p95 = peaks[(int) Math.min(peaks.length - 1, Math.ceil(0.95 * peaks.length) - 1)];
        if (!(peaks[peaks.length - 1] >= MIN_PEAK)) {
            throw new UsageException("--awr " + name + ": the busiest interval's redo rate is "
                    + peaks[peaks.length - 1] + " bytes/s: no redo to qualify for");
        }
        String statistic = history
                ? "the busiest minute's VALUE (a one-minute mean), summed over " + instances(intervals)
                : "the busiest interval's MAXVAL (each instance's highest rate in it), summed over "
                        + instances(intervals) + ": an upper bound, the instances' peaks need not coincide";
        return new RedoLoad(peaks[peaks.length - 1], p95, name + " (" + (history ? "GV$SYSMETRIC_HISTORY"
                : "DBA_HIST_SYSMETRIC_SUMMARY") + ", " + intervals.size() + " intervals" + (duplicates == 0 ? ""
                        : "; " + duplicates + " repeated row" + (duplicates == 1 ? "" : "s") + " counted once") + ")",
                statistic, intervals,
                instancePeaks);
    }

    private static String instances(List<RedoLoad.Interval> intervals) {
        int n = intervals.stream().mapToInt(RedoLoad.Interval::instances).max().orElse(1);
        return n == 1 ? "its one instance" : "its " + n + " instances";
    }

    private static String[] split(String line, String where) {
        if (line.chars().filter(ch -> ch == '"').count() % 2 != 0) {
            throw new UsageException(where + ": a quote is not closed");
        }
        String[] f = line.split(",", -1);
        for (int i = 0; i < f.length; i++) {
            f[i] = f[i].trim().replaceAll("^\"|\"$", "").trim();
        }
        return f;
    }

    /** Where each needed column is, by its header name. */
    private record Columns(int instance, int begin, int end, int metric, int average, int max, boolean history) {
        static Columns of(String[] header, String name, int line) {
            List<String> h = Arrays.stream(header).map(s -> s.toUpperCase(Locale.ROOT)).toList();
            boolean summary = h.contains("AVERAGE") && h.contains("MAXVAL");
            boolean history = !summary && h.contains("VALUE");
            String instance = summary ? "INSTANCE_NUMBER" : "INST_ID";
            for (String need : List.of(instance, "BEGIN_TIME", "END_TIME", "METRIC_NAME")) {
                if (!h.contains(need) || !(summary || history)) {
                    throw new UsageException("--awr " + name + " line " + line + ": the header is neither "
                            + "DBA_HIST_SYSMETRIC_SUMMARY's (INSTANCE_NUMBER, BEGIN_TIME, END_TIME, METRIC_NAME, "
                            + "AVERAGE, MAXVAL) nor GV$SYSMETRIC_HISTORY's (INST_ID, BEGIN_TIME, END_TIME, METRIC_NAME, "
                            + "VALUE); see probe qualify --print-awr-sql");
                }
            }
            return new Columns(h.indexOf(instance), h.indexOf("BEGIN_TIME"), h.indexOf("END_TIME"),
                    h.indexOf("METRIC_NAME"), h.indexOf(history ? "VALUE" : "AVERAGE"), h.indexOf("MAXVAL"), history);
        }

        /** The row's instance number, checked. */
        String instance(String[] f, String where) {
            String column = history ? "INST_ID" : "INSTANCE_NUMBER";
            String instance = text(f, this.instance, where, column);
            if (!instance.matches("[1-9][0-9]{0,3}")) {
                throw new UsageException(where + ", column " + column + ": '" + instance + "' is not an "
                        + "instance number");
            }
            return instance;
        }

        String text(String[] f, int i, String where, String column) {
            if (i >= f.length) {
                throw new UsageException(where + ", column " + column + ": missing (the row is short)");
            }
            return f[i];
        }

        LocalDateTime time(String[] f, int i, String where, String column) {
            String s = text(f, i, where, column);
            try {
                return LocalDateTime.parse(s, TIME);
            } catch (DateTimeParseException e) {
                throw new UsageException(where + ", column " + column + ": '" + s + "' is not a time like "
                        + "2026-11-02 14:00:00");
            }
        }

        double number(String[] f, int i, String where, String column) {
            String s = text(f, i, where, column);
            try {
                double v = Double.parseDouble(s);
                if (v == 0 || v >= Double.MIN_NORMAL && Double.isFinite(v)) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // the message below says what was expected
            }
            throw new UsageException(where + ", column " + column + ": '" + s + "' is not a rate in bytes/s");
        }
    }
}
