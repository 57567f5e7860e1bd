package dev.probe.report;

import static dev.probe.report.Format.fmt;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code report compare}'s two pages, {@code summary.md} and {@code report.html}, from the placed results. */
final class ComparePage {
    private final PaperData paper;
    private final long dbSize;

    ComparePage(PaperData paper, long dbSize) {
        this.paper = paper;
        this.dbSize = dbSize;
    }

    String markdown(List<CompareReport.Placement> placements, List<TippingPoints.Result> tips, String operation) {
        StringBuilder sb = new StringBuilder("# probe report\n\n");
        sb.append(fmt("Database size for projections: %.2f TB. Paper: 35 channels, 10 Gbit/s links.%n%n",
                dbSize / 1e12));
        sb.append(
                "| result | kind | op | RTT ms | loss % (source) | class | measured Gbit/s | paper Gbit/s | model Gbit/s "
                        + "(your channels) | projected min | projected h |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (CompareReport.Placement p : placements) {
            MeasuredPoint m = p.point();
            sb.append(fmt("| %s | %s | %s | %.3f | %s | %s | %.3f | %.3f | %.3f (%d) | %.1f | %.1f |%n", m.file(), m
                    .kind(),
                    m.operation(), m.rttMs(), Double.isNaN(m.lossPct()) ? "?" : fmt("%.3f (%s)", m.lossPct(), m
                            .lossSource()),
                    m.classLabel(), m.gbps(), p.paperGbps(), p.modelGbps(), m.channels(), p.projectedMinutes(),
                    p.projectedMinutes() / 60));
        }
        if (!tips.isEmpty()) {
            sb.append("\n## Your tipping points (").append(operation).append(")\n\n");
            sb.append("| class | yours 2x | paper 2x | yours 10x | paper 10x |\n|---|---|---|---|---|\n");
            for (TippingPoints.Result t : tips) {
                PaperTip pt = paperTip(operation, t.fcMtu(), t.deliveryClass());
                sb.append(fmt("| %s | %s | %s | %s | %s |%n", t.deliveryClass().label(), t.tip2x(),
                        pt == null ? "-" : pt.tip2x(), t.tip10x(), pt == null ? "-" : pt.tip10x()));
            }
        }
        String scaling = CompareReport.scalingNote(placements);
        if (!scaling.isEmpty()) {
            sb.append("\n").append(scaling).append("\n");
        }
        sb.append("\nCharts: throughput.png, multiple.png, time.png (and .svg).\n");
        return sb.toString();
    }

    private PaperTip paperTip(String operation, int mtu, DeliveryClass c) {
        return paper.tips().stream().filter(t -> t.operation().equals(operation) && t.fcMtu() == mtu
                && t.deliveryClass() == c).findFirst().orElse(null);
    }

    String html(List<CompareReport.Placement> placements, List<TippingPoints.Result> tips, String operation,
                Map<String, String> svgs) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>probe report</title>\n")
                .append("<style>body{font-family:sans-serif;margin:2em;max-width:1100px;color:#222}")
                .append("table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;")
                .append("text-align:right}th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}")
                .append("figure{margin:2em 0}figcaption{color:#555;font-size:90%}svg{max-width:100%;height:auto}</style>")
                .append("</head><body>\n<h1>probe report</h1>\n");
        sb.append(fmt("<p>Your results placed on the reference paper's map (Equinix Fabric vs. Internet, Oct 2022: "
                + "RMAN to OCI Object Storage, 1.06 TB, 35 channels, 10 Gbit/s). Projections for %.2f TB.</p>%n",
                dbSize / 1e12));
        sb.append("<table><tr><th>result</th><th>kind</th><th>operation</th><th>RTT ms</th><th>loss %</th>"
                + "<th>class</th><th>measured Gbit/s</th><th>paper Gbit/s</th><th>model Gbit/s (your channels)</th>"
                + "<th>projected minutes</th><th>projected hours</th></tr>\n");
        for (CompareReport.Placement p : placements) {
            MeasuredPoint m = p.point();
            sb.append(fmt("<tr><td>%s</td><td>%s</td><td>%s</td><td>%.3f</td><td>%s</td><td>%s</td><td>%.3f</td>"
                    + "<td>%.3f</td><td>%.3f (%d)</td><td>%.1f</td><td>%.1f</td></tr>%n", escape(m.file()), m.kind(),
                    m.operation(), m.rttMs(), Double.isNaN(m.lossPct()) ? "?" : fmt("%.3f", m.lossPct()),
                    escape(m.classLabel()), m.gbps(), p.paperGbps(), p.modelGbps(), m.channels(), p.projectedMinutes(),
                    p.projectedMinutes() / 60));
        }
        sb.append("</table>\n<p>Loss comes from the lab's impairment when the run recorded one, otherwise from the "
                + "sending side's TCP retransmit ratio; the class is the paper's nearest (High 0.1 %, Medium 0.5 %, "
                + "Low 1 %; below 0.01 % counts as loss-free, the private link's column). The model is fitted to the "
                + "paper (<code>probe report model</code>).</p>\n");
        String scaling = CompareReport.scalingNote(placements);
        if (!scaling.isEmpty()) {
            sb.append("<p>").append(escape(scaling)).append("</p>\n");
        }
        tipsTable(sb, tips, operation);
        String[] captions = {"Throughput against RTT: the paper's lines and your runs.",
                "Private link / Internet multiple against RTT, with the 2x and 10x lines the paper's tipping points use.",
                "Time to move the database against RTT."};
        Map<String, String> byChart = new LinkedHashMap<>();
        int i = 0;
        for (String chart : svgs.keySet()) {
            byChart.put(chart, captions[i++]);
        }
        Html.figures(sb, svgs, byChart);
        sb.append("</body></html>\n");
        return sb.toString();
    }

    /** The user's tipping points beside the paper's, when the runs give any. */
    private void tipsTable(StringBuilder sb, List<TippingPoints.Result> tips, String operation) {
        if (!tips.isEmpty()) {
            sb.append("<h2>Your tipping points (").append(operation).append(")</h2>\n<table><tr><th>class</th>"
                    + "<th>yours 2x (ms)</th><th>paper 2x</th><th>yours 10x (ms)</th><th>paper 10x</th></tr>\n");
            for (TippingPoints.Result t : tips) {
                PaperTip pt = paperTip(operation, t.fcMtu(), t.deliveryClass());
                sb.append(fmt("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>%n",
                        t.deliveryClass().label(), escape(t.tip2x().toString()), pt == null ? "-" : escape(pt.tip2x()),
                        escape(t.tip10x().toString()), pt == null ? "-" : escape(pt.tip10x())));
            }
            sb.append("</table>\n");
        }
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
