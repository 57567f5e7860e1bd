package dev.probe.core.objstore.client;

import dev.probe.core.result.LatencyStats;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/** Request latencies per operation (wait-free recorders), GET time to first byte, retries and errors. */
final class ObjstoreMetrics {
    final Recorder partPut = new Recorder(3);
    final Recorder commit = new Recorder(3);
    final Recorder create = new Recorder(3);
    final Recorder get = new Recorder(3);
    final Recorder ttfb = new Recorder(3);
    final LongAdder retries = new LongAdder();
    final LongAdder errors = new LongAdder();

    /** Summary of every operation that happened, by name. */
    Map<String, LatencyStats> summary() {
        Map<String, LatencyStats> m = new LinkedHashMap<>();
        put(m, "create_multipart_upload", create);
        put(m, "upload_part", partPut);
        put(m, "commit_multipart_upload", commit);
        put(m, "get_object", get);
        put(m, "get_first_byte", ttfb);
        return m;
    }

    private static void put(Map<String, LatencyStats> m, String name, Recorder r) {
        LatencyStats s = LatencyStats.of(r.getIntervalHistogram());
        if (s != null) {
            m.put(name, s);
        }
    }
}
