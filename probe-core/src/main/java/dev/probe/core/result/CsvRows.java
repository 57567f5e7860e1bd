package dev.probe.core.result;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What probe's CSV writers share: the header first, then one row per interval, flushed as it is written so an
 * interrupted run still leaves its data. Numbers in the root locale; an absent figure is an empty field.
 */
public abstract class CsvRows implements Closeable {
    private final BufferedWriter out;

    protected CsvRows(Path path, String header) throws IOException {
        out = Files.newBufferedWriter(path);
        out.write(header);
        out.newLine();
    }

    /** Writes one row and flushes it. */
    protected final void row(CharSequence row) {
        try {
            out.append(row);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A figure with six decimals. */
    protected static String num(double v) {
        return String.format(Locale.ROOT, "%.6f", v);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
