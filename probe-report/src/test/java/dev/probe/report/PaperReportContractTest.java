package dev.probe.report;

import static dev.probe.report.Format.fmt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code report paper}'s three forms against the paper's data they are made from: the JSON read back gives every
 * row's figures and every tipping point as {@link PaperReport#compare} has them, the CSV's lines are those tipping
 * points, and the text shows each table's rows and tipping points.
 */
class PaperReportContractTest {
    private final PaperData data = PaperData.load();
    private final List<PaperReport.Comparison> compared = PaperReport.compare(data);

    @Test
    void theJsonReadBackIsThePapersRowsAndTheRecomputedTippingPoints() throws Exception {
        JsonNode root = ReportJson.MAPPER.readTree(PaperReport.paper(data, Format.JSON));
        Map<String, List<PaperRow>> tables = PaperReport.byTable(data.rows());
        assertEquals(tables.keySet(), iterable(root.path("throughput_tables").fieldNames()));
        tables.forEach((table, rows) -> {
            JsonNode written = root.path("throughput_tables").path(table);
            assertEquals(rows.size(), written.size(), "table " + table);
            for (int i = 0; i < rows.size(); i++) {
                PaperRow r = rows.get(i);
                JsonNode n = written.get(i);
                assertEquals(r.delayLabel(), n.path("delay_ms").asText());
                assertEquals(r.fcMinutes(), n.path("fc_avg_min").asDouble(), 1e-12);
                assertEquals(r.fcGbps(), n.path("fc_gbps").asDouble(), 1e-12);
                for (DeliveryClass c : DeliveryClass.values()) {
                    assertSame(r.internet(c), n.path("internet_" + c.label() + "_gbps"), table + " " + c);
                    assertSame(r.multiple(c), n.path(c.label() + "_multiple"), table + " " + c);
                }
            }
        });
        assertEquals(compared.size(), root.path("tipping_points").size());
        for (int i = 0; i < compared.size(); i++) {
            PaperReport.Comparison c = compared.get(i);
            JsonNode n = root.path("tipping_points").get(i);
            assertEquals(c.paper().table(), n.path("table").asInt());
            assertEquals(c.paper().operation(), n.path("operation").asText());
            assertEquals(c.paper().fcMtu(), n.path("fc_mtu_bytes").asInt());
            assertEquals(c.paper().deliveryClass().label(), n.path("internet_class").asText());
            assertEquals(c.paper().tip2x(), n.path("paper_tip_2x_ms").asText());
            assertEquals(c.computed().tip2x().toString(), n.path("tip_2x_ms").asText());
            assertEquals(c.agrees2x(), n.path("agrees_2x").asBoolean());
            assertEquals(c.paper().tip10x(), n.path("paper_tip_10x_ms").asText());
            assertEquals(c.computed().tip10x().toString(), n.path("tip_10x_ms").asText());
            assertEquals(c.agrees10x(), n.path("agrees_10x").asBoolean());
        }
    }

    @Test
    void theCsvIsOneLinePerTippingPointAndTheTextShowsEveryFigure() {
        List<String> csv = PaperReport.paper(data, Format.CSV).lines().toList();
        assertEquals(compared.size() + 1, csv.size());
        for (int i = 0; i < compared.size(); i++) {
            PaperReport.Comparison c = compared.get(i);
            assertEquals(fmt("%d,%s,%d,%s,%s,%s,%s,%s,%s,%s,%s", c.paper().table(), c.paper().operation(),
                    c.paper().fcMtu(), c.paper().deliveryClass().label(), c.paper().deliveryClass().lossPercent(),
                    c.paper().tip2x(), c.computed().tip2x(), c.agrees2x(), c.paper().tip10x(), c.computed().tip10x(),
                    c.agrees10x()), csv.get(i + 1));
        }
        String text = PaperReport.paper(data, Format.TEXT);
        for (PaperRow r : data.rows()) {
            assertTrue(text.contains(fmt("%8s %9.1f %8.2f %9.2f (%4.1f)", r.delayLabel(), r.fcMinutes(), r.fcGbps(),
                    r.internet(DeliveryClass.HIGH), r.multiple(DeliveryClass.HIGH))), r.toString());
        }
        for (PaperReport.Comparison c : compared) {
            assertTrue(text.contains(fmt("%-8s %5.1f%% %10s %10s %7s", c.paper().deliveryClass().label(),
                    c.paper().deliveryClass().lossPercent(), c.paper().tip2x(), c.computed().tip2x(),
                    c.agrees2x() ? "yes" : "NO")), c.toString());
        }
        long agreeing = compared.stream().mapToLong(c -> (c.agrees2x() ? 1 : 0) + (c.agrees10x() ? 1 : 0)).sum();
        assertTrue(text.contains(fmt("%d of %d printed tipping points agree", agreeing, 2 * compared.size())));
    }

    /** A figure the paper has is written as that number; one it lacks (NaN) is written as no number. */
    private static void assertSame(double expected, JsonNode written, String what) {
        if (Double.isNaN(expected)) {
            assertTrue(!written.isNumber() || Double.isNaN(written.asDouble()), what + ": " + written);
        } else {
            assertEquals(expected, written.asDouble(), 1e-12, what);
        }
    }

    private static Set<String> iterable(Iterator<String> names) {
        Set<String> out = new LinkedHashSet<>();
        names.forEachRemaining(out::add);
        return out;
    }
}
