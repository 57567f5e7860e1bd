package dev.probe.report;

import static dev.probe.report.Format.fmt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code report compare}: places each probe result on the paper's map (RTT from the run, delivery class from its
 * loss), shows the paper's throughput for that cell and the fitted model's for the run's own channel count beside
 * the measured one, projects the time for the database size, and, when the results span several delays with
 * loss-free and lossy runs (a sweep), computes the user's own tipping points beside the paper's. Writes
 * {@code report.html} (self-contained, charts inline), {@code *.png}, {@code *.svg} and {@code summary.md}.
 */
public final class CompareReport {
    /** One result on the paper's map. */
    public record Placement(MeasuredPoint point, int fcMtu, double paperGbps, double modelGbps, double projectedMinutes) {
    }

    /** What was written. */
    public record Output(List<Placement> placements, List<TippingPoints.Result> userTips, List<Path> files) {
    }

    private final PaperData paper;
    private final PaperMap map;
    private final ThroughputModel model;
    private final long dbSize;

    public CompareReport(PaperData paper, long dbSize) {
        this.paper = paper;
        this.map = new PaperMap(paper.rows());
        this.model = ThroughputModel.fit(paper);
        this.dbSize = dbSize;
    }

    public Output write(List<Path> results, Path outDir) throws IOException {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("no result files given");
        }
        List<Placement> placements = new ArrayList<>();
        for (Path p : results) {
            placements.add(place(MeasuredPoint.read(p)));
        }
        Files.createDirectories(outDir);
        long restores = placements.stream().filter(p -> p.point().operation().equals("restore")).count();
        String operation = restores * 2 >= placements.size() ? "restore" : "backup";
        List<TippingPoints.Result> userTips = userTippingPoints(placements, operation);
        List<Path> files = new ArrayList<>();
        Map<String, String> svgs = new LinkedHashMap<>();
        svgs.put("throughput", Charts.write(throughputChart(placements, operation), outDir, "throughput"));
        svgs.put("multiple", Charts.write(multipleChart(placements, operation), outDir, "multiple"));
        svgs.put("time", Charts.write(timeChart(placements, operation), outDir, "time"));
        for (String name : svgs.keySet()) {
            files.add(outDir.resolve(name + ".png"));
            files.add(outDir.resolve(name + ".svg"));
        }
        Path md = outDir.resolve("summary.md");
        Files.writeString(md, markdown(placements, userTips, operation), StandardCharsets.UTF_8);
        Path html = outDir.resolve("report.html");
        Files.writeString(html, html(placements, userTips, operation, svgs), StandardCharsets.UTF_8);
        files.add(md);
        files.add(html);
        return new Output(placements, userTips, files);
    }

    Placement place(MeasuredPoint p) {
        int mtu = p.mss() > 4000 ? 9000 : 1500;
        DeliveryClass c = p.deliveryClass();
        double paperGbps = map.gbps(p.operation(), mtu, c, p.rttMs());
        double loss = c == null || Double.isNaN(p.lossPct()) ? 0 : p.lossPct();
        double modelGbps = model.predict(p.rttMs(), loss, p.channels(), p.mss(), ThroughputModel.PAPER_CAPACITY_GBPS,
                dbSize).throughputGbps();
        return new Placement(p, mtu, paperGbps, modelGbps, minutes(p.gbps()));
    }

    private double minutes(double gbps) {
        return gbps <= 0 ? Double.POSITIVE_INFINITY : dbSize * 8.0 / (gbps * 1e9) / 60;
    }

    /** A sweep's own tipping points: lossy runs against the loss-free run at (about) the same RTT. */
    List<TippingPoints.Result> userTippingPoints(List<Placement> placements, String operation) {
        List<Placement> free = placements.stream().filter(p -> p.point().operation().equals(operation)
                && p.point().deliveryClass() == null && !Double.isNaN(p.point().lossPct())).toList();
        List<PaperRow> rows = new ArrayList<>();
        for (Placement f : free) {
            Map<DeliveryClass, Double> multiple = new EnumMap<>(DeliveryClass.class);
            Map<DeliveryClass, Double> gbps = new EnumMap<>(DeliveryClass.class);
            for (Placement p : placements) {
                DeliveryClass c = p.point().deliveryClass();
                if (c != null && p.point().operation().equals(operation)
                        && Math.abs(Math.log(p.point().rttMs() / f.point().rttMs())) < Math.log(1.25)) {
                    gbps.put(c, p.point().gbps());
                    multiple.put(c, f.point().gbps() / p.point().gbps());
                }
            }
            if (!multiple.isEmpty()) {
                rows.add(new PaperRow(0, operation, f.fcMtu(), fmt("%.1f", f.point().rttMs()), f.point().rttMs(),
                        Double.NaN, f.point().gbps(), gbps, multiple));
            }
        }
        long delays = rows.stream().mapToDouble(PaperRow::delayMs).distinct().count();
        return delays >= 2 ? TippingPoints.compute(rows) : List.of();
    }

    private Map<String, List<double[]>> paperLines(String operation, java.util.function.ToDoubleFunction<Double> f) {
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        lines.put("Paper: private link (FC), MTU 9000", series(operation, 9000, null, f));
        lines.put("Paper: private link (FC), MTU 1500", series(operation, 1500, null, f));
        for (DeliveryClass c : DeliveryClass.values()) {
            lines.put(fmt("Paper: Internet %s (%.1f %% loss)", c.label(), c.lossPercent()), series(operation, 1500, c, f));
        }
        return lines;
    }

    private List<double[]> series(String operation, int mtu, DeliveryClass c,
                                  java.util.function.ToDoubleFunction<Double> f) {
        List<double[]> pts = new ArrayList<>();
        for (PaperRow r : map.table(operation, mtu)) {
            pts.add(new double[] {r.delayMs(), f.applyAsDouble(PaperMap.value(r, c))});
        }
        return pts;
    }

    private Map<String, List<double[]>> userPoints(List<Placement> placements,
                                                   java.util.function.ToDoubleFunction<Placement> f) {
        Map<String, List<double[]>> pts = new LinkedHashMap<>();
        for (Placement p : placements) {
            pts.computeIfAbsent("Your runs: " + p.point().classLabel(), k -> new ArrayList<>())
                    .add(new double[] {p.point().rttMs(), f.applyAsDouble(p)});
        }
        return pts;
    }

    /** The colours of {@link #userPoints} series, in the same order: each class's colour. */
    private static List<java.awt.Color> userColors(List<Placement> placements) {
        Map<String, java.awt.Color> colors = new LinkedHashMap<>();
        for (Placement p : placements) {
            colors.putIfAbsent(p.point().classLabel(),
                    Charts.classColor(p.point().deliveryClass(), !Double.isNaN(p.point().lossPct())));
        }
        return new ArrayList<>(colors.values());
    }

    private org.jfree.chart.JFreeChart throughputChart(List<Placement> placements, String operation) {
        return Charts.build("Throughput against round-trip time (" + operation + ")",
                "Paper: 35 channels, 10 Gbit/s, 1.06 TB (tables 5-11); points: your runs as measured",
                "Throughput (Gbit/s, log scale)", paperLines(operation, g -> g), Charts.PAPER_COLORS,
                userPoints(placements, p -> p.point().gbps()), userColors(placements), new double[0]);
    }

    private org.jfree.chart.JFreeChart multipleChart(List<Placement> placements, String operation) {
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        for (DeliveryClass c : DeliveryClass.values()) {
            List<double[]> pts = new ArrayList<>();
            for (PaperRow r : map.table(operation, 9000)) {
                pts.add(new double[] {r.delayMs(), r.multiple(c)});
            }
            lines.put(fmt("Paper: FC (MTU 9000) / Internet %s", c.label()), pts);
        }
        Map<String, List<double[]>> points = new LinkedHashMap<>();
        Map<String, java.awt.Color> pointColors = new LinkedHashMap<>();
        for (Placement free : placements) {
            if (free.point().deliveryClass() != null || Double.isNaN(free.point().lossPct())) {
                continue;
            }
            for (Placement p : placements) {
                DeliveryClass c = p.point().deliveryClass();
                if (c != null && Math.abs(Math.log(p.point().rttMs() / free.point().rttMs())) < Math.log(1.25)) {
                    String name = "Your sweep: loss-free / " + c.label();
                    points.computeIfAbsent(name, k -> new ArrayList<>())
                            .add(new double[] {free.point().rttMs(), free.point().gbps() / p.point().gbps()});
                    pointColors.putIfAbsent(name, Charts.classColor(c, true));
                }
            }
        }
        return Charts.build("How many times faster the private link is (" + operation + ")",
                "Multiple = private-link throughput / Internet throughput at the same RTT; dashed: the paper's 2x and 10x",
                "Multiple (x, log scale)", lines, Charts.CLASS_COLORS, points, new ArrayList<>(pointColors.values()),
                new double[] {2, 10});
    }

    private org.jfree.chart.JFreeChart timeChart(List<Placement> placements, String operation) {
        return Charts.build(fmt("Time to %s %.2f TB against round-trip time", operation, dbSize / 1e12),
                "Minutes = size x 8 / throughput; paper lines at 35 channels, points: your runs' throughput",
                "Minutes (log scale)", paperLines(operation, this::minutes), Charts.PAPER_COLORS,
                userPoints(placements, Placement::projectedMinutes), userColors(placements), new double[0]);
    }

    private String markdown(List<Placement> placements, List<TippingPoints.Result> tips, String operation) {
        StringBuilder sb = new StringBuilder("# probe report\n\n");
        sb.append(fmt("Database size for projections: %.2f TB. Paper: 35 channels, 10 Gbit/s links.%n%n", dbSize / 1e12));
        sb.append("| result | kind | op | RTT ms | loss % (source) | class | measured Gbit/s | paper Gbit/s | model Gbit/s "
                + "(your channels) | projected min |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for (Placement p : placements) {
            MeasuredPoint m = p.point();
            sb.append(fmt("| %s | %s | %s | %.3f | %s | %s | %.3f | %.3f | %.3f (%d) | %.1f |%n", m.file(), m.kind(),
                    m.operation(), m.rttMs(), Double.isNaN(m.lossPct()) ? "?" : fmt("%.3f (%s)", m.lossPct(), m.lossSource()),
                    m.classLabel(), m.gbps(), p.paperGbps(), p.modelGbps(), m.channels(), p.projectedMinutes()));
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
        String scaling = scalingNote(placements);
        if (!scaling.isEmpty()) {
            sb.append("\n").append(scaling).append("\n");
        }
        sb.append("\nCharts: throughput.png, multiple.png, time.png (and .svg).\n");
        return sb.toString();
    }

    /** Which capacity scaling the runs used, or "" when all are as measured. */
    static String scalingNote(List<Placement> placements) {
        List<Double> scales = placements.stream().map(p -> p.point().scale()).filter(x -> x != 1).distinct().toList();
        if (scales.isEmpty()) {
            return "";
        }
        return "Capacity scaling: " + placements.stream().filter(p -> p.point().scale() != 1).count() + " run(s) used "
                + "fewer channels on a slower link (channels x rate / 10 Gbit/s); their measured throughput is shown "
                + "multiplied by " + scales.stream().map(x -> fmt("%.3f", x)).collect(java.util.stream.Collectors.joining(
                        ", ")) + " and their channels as the paper's they stand for.";
    }

    private PaperTip paperTip(String operation, int mtu, DeliveryClass c) {
        return paper.tips().stream().filter(t -> t.operation().equals(operation) && t.fcMtu() == mtu
                && t.deliveryClass() == c).findFirst().orElse(null);
    }

    private String html(List<Placement> placements, List<TippingPoints.Result> tips, String operation,
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
                + "<th>projected minutes</th></tr>\n");
        for (Placement p : placements) {
            MeasuredPoint m = p.point();
            sb.append(fmt("<tr><td>%s</td><td>%s</td><td>%s</td><td>%.3f</td><td>%s</td><td>%s</td><td>%.3f</td>"
                            + "<td>%.3f</td><td>%.3f (%d)</td><td>%.1f</td></tr>%n", escape(m.file()), m.kind(),
                    m.operation(), m.rttMs(), Double.isNaN(m.lossPct()) ? "?" : fmt("%.3f", m.lossPct()),
                    escape(m.classLabel()), m.gbps(), p.paperGbps(), p.modelGbps(), m.channels(), p.projectedMinutes()));
        }
        sb.append("</table>\n<p>Loss comes from the lab's impairment when the run recorded one, otherwise from the "
                + "sending side's TCP retransmit ratio; the class is the paper's nearest (High 0.1 %, Medium 0.5 %, "
                + "Low 1 %; below 0.01 % counts as loss-free, the private link's column). The model is fitted to the "
                + "paper (<code>probe report model</code>).</p>\n");
        String scaling = scalingNote(placements);
        if (!scaling.isEmpty()) {
            sb.append("<p>").append(escape(scaling)).append("</p>\n");
        }
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
        String[] captions = {"Throughput against RTT: the paper's lines and your runs.",
            "Private link / Internet multiple against RTT, with the 2x and 10x lines the paper's tipping points use.",
            "Time to move the database against RTT."};
        int i = 0;
        for (Map.Entry<String, String> e : svgs.entrySet()) {
            sb.append("<figure>").append(e.getValue()).append("<figcaption>").append(captions[i++])
                    .append(" (also <a href=\"").append(e.getKey()).append(".png\">PNG</a>, <a href=\"")
                    .append(e.getKey()).append(".svg\">SVG</a>)</figcaption></figure>\n");
        }
        sb.append("</body></html>\n");
        return sb.toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
