package dev.probe.core.result;

import java.io.IOException;
import java.nio.file.Path;

/** Writes one CSV row per interval as it happens, so an interrupted run still leaves its data. */
public final class CsvIntervalWriter extends CsvRows implements RunListener {
    public static final String HEADER = "t_s,length_s,bytes,messages,throughput_mib_s,lat_avg_ms,lat_p50_ms,lat_p90_ms,"
            + "lat_p99_ms,lat_p999_ms,lat_max_ms,disk_p50_ms,disk_p99_ms,disk_max_ms,tcp_rtt_ms,tcp_retransmits,"
            + "tcp_segments_sent,tcp_cwnd,warmup";

    public CsvIntervalWriter(Path path) throws IOException {
        super(path, HEADER);
    }

    @Override
    public void onInterval(IntervalSample s) {
        LatencyStats l = s.latency();
        LatencyStats d = s.disk();
        TcpStats t = s.tcp();
        StringBuilder row = new StringBuilder();
        row.append(num(s.tSeconds())).append(',').append(num(s.lengthSeconds())).append(',').append(s.bytes())
                .append(',').append(s.messages()).append(',').append(num(s.throughputMibS()));
        for (double v : l == null ? new double[6] : new double[] {l.avg(), l.p50(), l.p90(), l.p99(), l.p999(), l
                .max()}) {
            row.append(',').append(l == null ? "" : num(v));
        }
        for (double v : d == null ? new double[3] : new double[] {d.p50(), d.p99(), d.max()}) {
            row.append(',').append(d == null ? "" : num(v));
        }
        row.append(',').append(t == null ? "" : num(t.rttMs())).append(',').append(t == null ? "" : t.retransmits())
                .append(',').append(t == null ? "" : t.segmentsSent()).append(',').append(t == null ? "" : t.cwnd())
                .append(',').append(s.warmup());
        row(row);
    }
}
