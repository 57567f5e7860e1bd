package dev.probe.report;

import static dev.probe.report.Format.fmt;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The text, CSV and JSON forms of {@code report paper} (tables 4-11 with recomputed tipping points) and
 * {@code report tipping} (the same computation on any CSV of raw.csv's shape).
 */
public final class PaperReport {
    static final String TIPPING_CSV_HEADER = "table,operation,fc_mtu_bytes,internet_class,tip_2x_ms,tip_10x_ms";

    private PaperReport() {
    }

    /** One printed tipping point beside the recomputed one. */
    public record Comparison(PaperTip paper, TippingPoints.Result computed, boolean agrees2x, boolean agrees10x) {
    }

    /** The paper's printed tipping points beside the ones recomputed from its raw rows. */
    public static List<Comparison> compare(PaperData data) {
        List<TippingPoints.Result> computed = TippingPoints.compute(data.rows());
        List<Comparison> out = new ArrayList<>();
        for (PaperTip t : data.tips()) {
            String rawTable = String.valueOf(t.table() + 1);
            TippingPoints.Result c = computed.stream()
                    .filter(r -> r.table().equals(rawTable) && r.deliveryClass() == t.deliveryClass()).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no raw table " + rawTable + " for table " + t
                            .table()));
            List<Double> grid = data.rows().stream().filter(r -> r.table().equals(rawTable)).map(PaperRow::delayMs)
                    .sorted()
                    .collect(Collectors.toList());
            out.add(new Comparison(t, c, Agreement.agrees(t.tip2x(), c.tip2x(), grid),
                    Agreement.agrees(t.tip10x(), c.tip10x(), grid)));
        }
        return out;
    }

    public static String paper(PaperData data, Format format) {
        List<Comparison> cmp = compare(data);
        switch (format) {
            case CSV: {
                StringBuilder sb = new StringBuilder("table,operation,fc_mtu_bytes,internet_class,loss_percent,"
                        + "paper_tip_2x_ms,tip_2x_ms,agrees_2x,paper_tip_10x_ms,tip_10x_ms,agrees_10x\n");
                for (Comparison c : cmp) {
                    PaperTip p = c.paper();
                    sb.append(fmt("%d,%s,%d,%s,%s,%s,%s,%s,%s,%s,%s%n", p.table(), p.operation(), p.fcMtu(),
                            p.deliveryClass().label(), p.deliveryClass().lossPercent(), p.tip2x(), c.computed().tip2x(),
                            c.agrees2x(), p.tip10x(), c.computed().tip10x(), c.agrees10x()));
                }
                return sb.toString();
            }
            case JSON: {
                ObjectNode root = ReportJson.object();
                ObjectNode tables = root.putObject("throughput_tables");
                byTable(data.rows()).forEach((table, rows) -> {
                    ArrayNode arr = tables.putArray(String.valueOf(table));
                    rows.forEach(r -> arr.add(rowJson(r)));
                });
                ArrayNode tips = root.putArray("tipping_points");
                for (Comparison c : cmp) {
                    ObjectNode n = tips.addObject();
                    PaperTip p = c.paper();
                    n.put("table", p.table());
                    n.put("operation", p.operation());
                    n.put("fc_mtu_bytes", p.fcMtu());
                    n.put("internet_class", p.deliveryClass().label());
                    n.put("loss_percent", p.deliveryClass().lossPercent());
                    n.put("paper_tip_2x_ms", p.tip2x());
                    n.put("tip_2x_ms", c.computed().tip2x().toString());
                    n.put("agrees_2x", c.agrees2x());
                    n.put("paper_tip_10x_ms", p.tip10x());
                    n.put("tip_10x_ms", c.computed().tip10x().toString());
                    n.put("agrees_10x", c.agrees10x());
                }
                return ReportJson.MAPPER.valueToTree(root).toPrettyString() + "\n";
            }
            default:
                return paperText(data, cmp);
        }
    }

    private static String paperText(PaperData data, List<Comparison> cmp) {
        StringBuilder sb = new StringBuilder();
        sb.append("Reference paper: Cloud Interconnection Performance Benchmarking for Oracle Database Backup and\n")
                .append("Restore over Equinix Fabric vs. Internet (v1.0, Oct 2022). 1.06 TB, 35 RMAN channels, 10 Gbit/s.\n")
                .append("FC = private link (no loss); Internet High/Medium/Low = 0.1/0.5/1 % loss, MTU 1500.\n")
                .append("Recomputed tipping points: linear interpolation of the multiple between bracketing delays;\n")
                .append("they agree when within the paper's value +/- 40 % or in the same delay interval.\n");
        Map<String, List<PaperRow>> raw = byTable(data.rows());
        for (int table = 4; table <= 11; table++) {
            int t = table;
            String id = String.valueOf(t);
            if (raw.containsKey(id)) {
                PaperRow first = raw.get(id).get(0);
                sb.append(fmt("%nTable %d: %s, FC MTU %d (throughput Gbit/s, multiple = FC / Internet)%n", t,
                        first.operation(), first.fcMtu()));
                sb.append(fmt("%8s %9s %8s %16s %16s %16s%n", "RTT ms", "FC min", "FC", "High (x)", "Medium (x)",
                        "Low (x)"));
                for (PaperRow r : raw.get(id)) {
                    sb.append(fmt("%8s %9.1f %8.2f %9.2f (%4.1f) %9.2f (%4.1f) %9.2f (%4.1f)%n", r.delayLabel(),
                            r.fcMinutes(), r.fcGbps(), r.internet(DeliveryClass.HIGH), r.multiple(DeliveryClass.HIGH),
                            r.internet(DeliveryClass.MEDIUM), r.multiple(DeliveryClass.MEDIUM),
                            r.internet(DeliveryClass.LOW), r.multiple(DeliveryClass.LOW)));
                }
            }
            List<Comparison> tips = cmp.stream().filter(c -> c.paper().table() == t).collect(Collectors.toList());
            if (!tips.isEmpty()) {
                PaperTip first = tips.get(0).paper();
                sb.append(fmt(
                        "%nTable %d: tipping points, %s, FC MTU %d (RTT ms where FC first beats the class by 2x / 10x)%n",
                        t, first.operation(), first.fcMtu()));
                sb.append(fmt("%-8s %6s %10s %10s %7s %10s %10s %7s%n", "class", "loss", "paper 2x", "computed",
                        "agrees", "paper 10x", "computed", "agrees"));
                for (Comparison c : tips) {
                    sb.append(fmt("%-8s %5.1f%% %10s %10s %7s %10s %10s %7s%n", c.paper().deliveryClass().label(),
                            c.paper().deliveryClass().lossPercent(), c.paper().tip2x(), c.computed().tip2x(),
                            c.agrees2x() ? "yes" : "NO", c.paper().tip10x(), c.computed().tip10x(),
                            c.agrees10x() ? "yes" : "NO"));
                }
            }
        }
        long agreeing = cmp.stream().mapToLong(c -> (c.agrees2x() ? 1 : 0) + (c.agrees10x() ? 1 : 0)).sum();
        sb.append(fmt("%n%d of %d printed tipping points agree with the recomputed ones.%n", agreeing, 2 * cmp.size()));
        return sb.toString();
    }

    /** {@code report tipping}: tipping points of any table-shaped rows. */
    public static String tipping(List<PaperRow> rows, Format format) {
        List<TippingPoints.Result> results = TippingPoints.compute(rows);
        switch (format) {
            case CSV: {
                StringBuilder sb = new StringBuilder(TIPPING_CSV_HEADER).append('\n');
                for (TippingPoints.Result r : results) {
                    sb.append(fmt("%s,%s,%d,%s,%s,%s%n", r.table(), r.operation(), r.fcMtu(), r.deliveryClass().label(),
                            r.tip2x(), r.tip10x()));
                }
                return sb.toString();
            }
            case JSON: {
                ArrayNode arr = ReportJson.MAPPER.createArrayNode();
                for (TippingPoints.Result r : results) {
                    ObjectNode n = arr.addObject();
                    putTable(n, r.table());
                    n.put("operation", r.operation());
                    n.put("fc_mtu_bytes", r.fcMtu());
                    n.put("internet_class", r.deliveryClass().label());
                    n.put("tip_2x_ms", r.tip2x().toString());
                    n.put("tip_10x_ms", r.tip10x().toString());
                }
                return arr.toPrettyString() + "\n";
            }
            default: {
                StringBuilder sb = new StringBuilder(fmt("%-6s %-10s %6s %-8s %10s %10s%n", "table", "operation", "mtu",
                        "class", "2x at ms", "10x at ms"));
                for (TippingPoints.Result r : results) {
                    sb.append(fmt("%-6s %-10s %6d %-8s %10s %10s%n", r.table(), r.operation(), r.fcMtu(),
                            r.deliveryClass().label(), r.tip2x(), r.tip10x()));
                }
                return sb.toString();
            }
        }
    }

    /** Rows by table, tables in the order they first appear. */
    static Map<String, List<PaperRow>> byTable(List<PaperRow> rows) {
        Map<String, List<PaperRow>> m = new LinkedHashMap<>();
        rows.forEach(r -> m.computeIfAbsent(r.table(), k -> new ArrayList<>()).add(r));
        return m;
    }

    /** A table id as given: a number stays a JSON number (the paper's tables), a label a string ("A1"). */
    private static void putTable(ObjectNode n, String table) {
        if (table.matches("\\d{1,9}")) {
            n.put("table", Integer.parseInt(table));
        } else {
            n.put("table", table);
        }
    }

    private static ObjectNode rowJson(PaperRow r) {
        ObjectNode n = ReportJson.object();
        n.put("delay_ms", r.delayLabel());
        n.put("fc_avg_min", r.fcMinutes());
        n.put("fc_gbps", r.fcGbps());
        for (DeliveryClass c : DeliveryClass.values()) {
            n.put("internet_" + c.label() + "_gbps", r.internet(c));
            n.put(c.label() + "_multiple", r.multiple(c));
        }
        return n;
    }
}
