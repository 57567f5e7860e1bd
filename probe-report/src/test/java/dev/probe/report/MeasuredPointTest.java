package dev.probe.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43: the user's own points come from a qualification too (its one-stream and several-stream steps, at the
 * steady rates qualify judged them by), and from a bulk run at its steady half.
 */
class MeasuredPointTest {
    @TempDir
    Path dir;

    private static String step(String step, String label, int conns, double mibS) {
        return "{\"step\":\"" + step + "\",\"label\":\"" + label + "\",\"result\":{\"kind\":\"async\",\"params\":"
                + "{\"num_conn\":" + conns + ",\"payload\":\"random\"},\"summary\":{\"throughput_mib_s\":" + mibS
                + ",\"tcp\":{\"min_rtt_ms\":40.2,\"retransmit_ratio\":0.001,\"mss\":1448}}}}";
    }

    @Test
    void aQualificationGivesItsOneStreamAndSeveralStreamStepsAtTheirSteadyRates() throws Exception {
        Path q = dir.resolve("q.json");
        Files.writeString(q, "{\"schema\":\"probe.result/1\",\"kind\":\"qualify\",\"params\":{},\"summary\":"
                + "{\"capacity_bps\":80e6,\"tuned_buffers_bps\":20e6},\"steps\":[" + step("round_trip", "round trip", 1,
                        0.1)
                + "," + step("capacity", "4 streams", 4, 12) + "," + step("tuned_buffers", "one stream, 3 x BDP", 1, 3)
                + "," + step("redo_rate", "redo rate", 1, 2) + "]}");
        List<MeasuredPoint> points = MeasuredPoint.readAll(q);
        assertEquals(2, points.size(), points.toString());
        assertEquals(0.08, points.get(0).gbps(), 1e-12, "the steady figure qualify judged, not the step's mean");
        assertEquals(4, points.get(0).channels());
        assertEquals(0.02, points.get(1).gbps(), 1e-12);
        assertEquals(1, points.get(1).channels());
        assertEquals(40.2, points.get(1).rttMs());
        assertEquals(0.1, points.get(1).lossPct(), 1e-12);
        assertTrue(points.get(0).file().equals("q.json (4 streams)"), points.get(0).file());

        Path syncOnly = dir.resolve("s.json");
        Files.writeString(syncOnly, "{\"schema\":\"probe.result/1\",\"kind\":\"qualify\",\"params\":{},\"summary\":{},"
                + "\"steps\":[]}");
        assertEquals(syncOnly + ": a qualification without the one-stream and several-stream steps the model needs "
                + "(the ASYNC steps: qualify --mode async or both)", assertThrows(ReportInputException.class,
                        () -> MeasuredPoint.readAll(syncOnly)).getMessage());
    }

    @Test
    void aBulkRunIsPlacedAtItsSteadyHalf() throws Exception {
        Path b = dir.resolve("b.json");
        Files.writeString(b, "{\"schema\":\"probe.result/1\",\"kind\":\"bulk\",\"params\":{\"direction\":\"backup\","
                + "\"channels\":8},\"summary\":{\"throughput_gbps\":0.152,\"projection\":{\"steady_gbps\":0.127},"
                + "\"tcp\":{\"min_rtt_ms\":40,\"retransmit_ratio\":0.00093}}}");
        MeasuredPoint m = MeasuredPoint.readAll(b).get(0);
        assertEquals(0.127, m.gbps(), 1e-12, "the start-up burst is not what a long backup sees");
        assertEquals("backup", m.modelOperation());
    }
}
