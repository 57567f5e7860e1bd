package dev.probe.core.result;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** Writes one CSV row per bulk progress interval as it happens. */
public final class BulkCsvWriter extends CsvRows implements BulkListener {
    public static final String HEADER = "t_s,bytes,total_bytes,throughput_gbps,throughput_mib_s,pieces_done,"
            + "pieces_total,eta_s,tcp_rtt_ms,tcp_retransmits";

    public BulkCsvWriter(Path path) throws IOException {
        super(path, HEADER);
    }

    @Override
    public void onProgress(BulkProgress p) {
        TcpStats t = p.tcp();
        row(String.format(Locale.ROOT, "%.6f,%d,%d,%.6f,%.6f,%d,%s,%s,%s,%s", p.tSeconds(), p.bytes(),
                p.totalBytes(), p.gbps(), p.mibS(), p.piecesDone(), p.piecesTotal() < 0 ? "" : p.piecesTotal(),
                Double.isNaN(p.etaSeconds()) ? "" : String.format(Locale.ROOT, "%.3f", p.etaSeconds()),
                t == null ? "" : num(t.rttMs()), t == null ? "" : t.retransmits()));
    }
}
