package dev.probe.core.result;

import dev.probe.core.error.CannotRunException;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What probe's CSV writers share: the header first (flushed at once, so a file that cannot be written fails before
 * the run), then one row per interval, flushed as it is written so an interrupted run still leaves its data.
 * A row that cannot be written (a full file system) does not stop the run: the first failure is kept, no more rows
 * are tried, and {@link #close} reports it, naming {@code --csv} and the file. Numbers in the root locale; an
 * absent figure is an empty field.
 */
public abstract class CsvRows implements Closeable {
    private final BufferedWriter out;
    private final Path path;
    private IOException failure;

    protected CsvRows(Path path, String header) throws IOException {
        this.path = path;
        out = Files.newBufferedWriter(path);
        try {
            out.write(header);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            out.close();
            throw cannotWrite(e);
        }
    }

    /** Writes one row and flushes it; after a failure, nothing. */
    protected final synchronized void row(CharSequence row) {
        if (failure != null) {
            return;
        }
        try {
            out.append(row);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            failure = e;
        }
    }

    private CannotRunException cannotWrite(IOException e) {
        return new CannotRunException("--csv " + path + ": cannot write it: " + (e.getMessage() == null ? e.toString()
                : e.getMessage()) + " (the summary and --json are written as usual)");
    }

    /** A figure with six decimals. */
    protected static String num(double v) {
        return String.format(Locale.ROOT, "%.6f", v);
    }

    /** Closes the file; a row or the close that failed is a CannotRunException naming --csv and the file. */
    @Override
    public synchronized void close() throws IOException {
        try {
            out.close();
        } catch (IOException e) {
            failure = failure == null ? e : failure;
        }
        if (failure != null) {
            throw cannotWrite(failure);
        }
    }
}
