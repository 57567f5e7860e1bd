package dev.probe.core.result;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Writes one CSV row per bulk progress interval as it happens. */
public final class BulkCsvWriter implements BulkListener, Closeable {
    public static final String HEADER = "t_s,bytes,total_bytes,throughput_gbps,throughput_mib_s,pieces_done,"
            + "pieces_total,eta_s,tcp_rtt_ms,tcp_retransmits";
    private final BufferedWriter out;

    public BulkCsvWriter(Path path) throws IOException {
        out = Files.newBufferedWriter(path);
        out.write(HEADER);
        out.newLine();
    }

    @Override
    public void onProgress(BulkProgress p) {
        TcpStats t = p.tcp();
        try {
            out.write(String.format(Locale.ROOT, "%.6f,%d,%d,%.6f,%.6f,%d,%s,%s,%s,%s", p.tSeconds(), p.bytes(),
                    p.totalBytes(), p.gbps(), p.mibS(), p.piecesDone(), p.piecesTotal() < 0 ? "" : p.piecesTotal(),
                    Double.isNaN(p.etaSeconds()) ? "" : String.format(Locale.ROOT, "%.3f", p.etaSeconds()),
                    t == null ? "" : String.format(Locale.ROOT, "%.6f", t.rttMs()), t == null ? "" : t.retransmits()));
            out.newLine();
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
