package dev.probe.core.result;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes each interval's round-trip histogram to an HdrHistogram interval log (values in nanoseconds; the max
 * column in milliseconds), so runs can be merged and re-analysed later with real percentiles.
 */
public final class HlogWriter implements RunListener, Closeable {
    private final PrintStream out;
    private final HistogramLogWriter writer;

    public HlogWriter(Path path) throws IOException {
        out = new PrintStream(Files.newOutputStream(path), false, "UTF-8");
        writer = new HistogramLogWriter(out);
        long now = System.currentTimeMillis();
        writer.outputComment("probe round-trip latency, nanoseconds");
        writer.outputLogFormatVersion();
        writer.outputStartTime(now);
        writer.setBaseTime(now);
        writer.outputLegend();
    }

    @Override
    public void onIntervalHistogram(double startSeconds, double endSeconds, Histogram latency) {
        writer.outputIntervalHistogram(startSeconds, endSeconds, latency, 1e6);
        out.flush();
    }

    @Override
    public void close() {
        out.close();
    }
}
