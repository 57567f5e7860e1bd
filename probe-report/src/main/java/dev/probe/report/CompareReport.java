package dev.probe.report;

import static dev.probe.report.Format.fmt;

import dev.probe.model.PathModel;
import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.jfree.chart.JFreeChart;

/**
 * {@code report compare}: places each probe result on the paper's map (RTT from the run, delivery class from its
 * loss), shows the paper's throughput for that cell and the fitted model's for the run's own channel count beside
 * the measured one, projects the time for the database size, and, when the results span several delays with
 * loss-free and lossy runs (a sweep), computes the user's own tipping points beside the paper's. Writes
 * {@code report.html} (self-contained, charts inline), {@code *.png}, {@code *.svg} and {@code summary.md}.
 */
public final class CompareReport {
    /** One result on the paper's map. */
    public record Placement(MeasuredPoint point, int fcMtu, double paperGbps, double modelGbps,
            double projectedMinutes) {
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
        this.model = ThroughputModel.paper();
        this.dbSize = dbSize;
    }

    public Output write(List<Path> results, Path outDir) throws IOException {
        if (results.isEmpty()) {
            throw new ReportInputException("no result files given");
        }
        List<String> leftOut = new ArrayList<>();
        List<Placement> placements = placeAll(results, leftOut);
        if (placements.isEmpty()) {
            throw new ReportInputException("no bulk or objstore result to place on the paper's map: "
                    + String.join("; ", leftOut));
        }
        Files.createDirectories(outDir);
        long restores = placements.stream().filter(p -> p.point().operation().equals("restore")).count();
        String operation = restores * 2 > placements.size() ? "restore" : restores * 2 < placements.size() ? "backup"
                : placements.get(0).point().operation(); // a tie: the operation of the first result given
        placements.stream().filter(p -> !p.point().operation().equals(operation)).forEach(p -> leftOut.add(
                p.point().file() + " (a " + p.point().operation() + " run; these charts are " + operation + "s)"));
        List<TippingPoints.Result> userTips = userTippingPoints(placements, operation);
        List<Path> files = new ArrayList<>();
        Map<String, String> svgs = charts(placements, operation, outDir, files);
        Path md = outDir.resolve("summary.md");
        ComparePage page = new ComparePage(paper, dbSize);
        String notes = leftOutNote(leftOut) + payloadNote(placements);
        Files.writeString(md, page.markdown(placements, userTips, operation) + notes, StandardCharsets.UTF_8);
        Path html = outDir.resolve("report.html");
        Files.writeString(html, page.html(placements, userTips, operation, svgs).replace("</body></html>",
                notes.isEmpty() ? "</body></html>"
                        : "<p>" + ComparePage.escape(notes.strip()).replace("\n", "<br>") + "</p></body></html>"),
                StandardCharsets.UTF_8);
        files.add(md);
        files.add(html);
        return new Output(placements, userTips, files);
    }

    /** Each result placed on the paper's map; what cannot be, and why, into {@code leftOut}. */
    private List<Placement> placeAll(List<Path> results, List<String> leftOut) throws IOException {
        List<Placement> placements = new ArrayList<>();
        for (Path p : results) {
            MeasuredPoint m;
            try {
                m = MeasuredPoint.read(p);
            } catch (MeasuredPoint.Unplaceable e) {
                leftOut.add(e.getMessage());
                continue;
            }
            if (m.redoStyle()) {
                leftOut.add(m.file() + " (" + m.kind() + ": a redo-style test, one stream's latency and throughput, "
                        + "not RMAN channels; qualify's page shows those)");
            } else {
                placements.add(place(m));
            }
        }
        return placements;
    }

    /** The three charts of the runs of {@code operation}, as PNG and SVG in {@code outDir} (added to {@code files}). */
    private Map<String, String> charts(List<Placement> placements, String operation, Path outDir, List<Path> files)
            throws IOException {
        Map<String, String> svgs = new LinkedHashMap<>();
        List<Placement> drawn = placements.stream().filter(p -> p.point().operation().equals(operation)).toList();
        svgs.put("throughput", Charts.write(throughputChart(drawn, operation), outDir, "throughput"));
        svgs.put("multiple", Charts.write(multipleChart(drawn, operation), outDir, "multiple"));
        svgs.put("time", Charts.write(timeChart(drawn, operation), outDir, "time"));
        for (String name : svgs.keySet()) {
            files.add(outDir.resolve(name + ".png"));
            files.add(outDir.resolve(name + ".svg"));
        }
        return svgs;
    }

    /** The results not placed or not drawn, and why; "" when none. */
    private static String leftOutNote(List<String> leftOut) {
        return leftOut.isEmpty() ? "" : "\nLeft off the map and charts: " + String.join("; ", leftOut) + ".\n";
    }

    /** The placed results that sent something other than unique random bytes; "" when none. */
    static String payloadNote(List<Placement> placements) {
        List<String> shrinkable = placements.stream().map(Placement::point).filter(MeasuredPoint::shrinkable)
                .map(p -> p.file() + " sent " + p.payload()).toList();
        return shrinkable.isEmpty() ? "" : "\nNot random content: " + String.join("; ", shrinkable)
                + ". A WAN optimiser "
                + "or any compression on the path shrinks such data, so these throughputs can exceed what the link "
                + "carries for unique data (the paper's backups were uncompressed, unencrypted RMAN pieces).\n";
    }

    Placement place(MeasuredPoint p) {
        int mtu = p.mss() > 4000 ? 9000 : 1500;
        DeliveryClass c = p.deliveryClass();
        double paperGbps = map.gbps(p.operation(), mtu, c, p.rttMs());
        double loss = c == null || Double.isNaN(p.lossPct()) ? 0 : p.lossPct();
        double modelGbps = model.predict(p.rttMs(), loss, p.channels(), p.mss(), PathModel.PAPER_CAPACITY_GBPS,
                dbSize, p.modelOperation()).throughputGbps();
        return new Placement(p, mtu, paperGbps, modelGbps, minutes(p.gbps()));
    }

    private double minutes(double gbps) {
        return gbps <= 0 ? Double.POSITIVE_INFINITY : dbSize * 8.0 / (gbps * 1e9) / 60;
    }

    /** A sweep's own tipping points: lossy runs against the loss-free run at (about) the same RTT. */
    List<TippingPoints.Result> userTippingPoints(List<Placement> placements, String operation) {
        List<Placement> free = placements.stream().filter(p -> p.point().operation().equals(operation)
                && p.point().fromSweep() && p.point().deliveryClass() == null).toList();
        List<PaperRow> rows = new ArrayList<>();
        for (Placement f : free) {
            Map<DeliveryClass, Double> multiple = new EnumMap<>(DeliveryClass.class);
            Map<DeliveryClass, Double> gbps = new EnumMap<>(DeliveryClass.class);
            for (Placement p : placements) {
                DeliveryClass c = p.point().deliveryClass();
                if (c != null && p.point().operation().equals(operation) && p.point().fromSweep()
                        && Math.abs(Math.log(p.point().rttMs() / f.point().rttMs())) < Math.log(1.25)) {
                    gbps.put(c, p.point().gbps());
                    multiple.put(c, f.point().gbps() / p.point().gbps());
                }
            }
            if (!multiple.isEmpty()) {
                rows.add(new PaperRow("sweep", operation, f.fcMtu(), fmt("%.1f", f.point().rttMs()), f.point().rttMs(),
                        Double.NaN, f.point().gbps(), gbps, multiple));
            }
        }
        long delays = rows.stream().mapToDouble(PaperRow::delayMs).distinct().count();
        return delays >= 2 ? TippingPoints.compute(rows) : List.of();
    }

    private Map<String, List<double[]>> paperLines(String operation, ToDoubleFunction<Double> f) {
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        lines.put("Paper: private link (FC), MTU 9000", series(operation, 9000, null, f));
        lines.put("Paper: private link (FC), MTU 1500", series(operation, 1500, null, f));
        for (DeliveryClass c : DeliveryClass.values()) {
            lines.put(fmt("Paper: Internet %s (%.1f %% loss)", c.label(), c.lossPercent()), series(operation, 1500, c,
                    f));
        }
        return lines;
    }

    private List<double[]> series(String operation, int mtu, DeliveryClass c,
                                  ToDoubleFunction<Double> f) {
        List<double[]> pts = new ArrayList<>();
        for (PaperRow r : map.table(operation, mtu)) {
            pts.add(new double[] {r.delayMs(), f.applyAsDouble(PaperMap.value(r, c))});
        }
        return pts;
    }

    private Map<String, List<double[]>> userPoints(List<Placement> placements,
                                                   ToDoubleFunction<Placement> f) {
        Map<String, List<double[]>> pts = new LinkedHashMap<>();
        for (Placement p : placements) {
            pts.computeIfAbsent("Your runs: " + p.point().classLabel(), k -> new ArrayList<>())
                    .add(new double[] {p.point().rttMs(), f.applyAsDouble(p)});
        }
        return pts;
    }

    /** The colours of {@link #userPoints} series, in the same order: each class's colour. */
    private static List<Color> userColors(List<Placement> placements) {
        Map<String, Color> colors = new LinkedHashMap<>();
        for (Placement p : placements) {
            colors.putIfAbsent(p.point().classLabel(),
                    Charts.classColor(p.point().deliveryClass(), !Double.isNaN(p.point().lossPct())));
        }
        return new ArrayList<>(colors.values());
    }

    private JFreeChart throughputChart(List<Placement> placements, String operation) {
        return Charts.build("Throughput against round-trip time (" + operation + ")",
                "Paper: 35 channels, 10 Gbit/s, 1.06 TB (tables 5-11); points: your runs as measured",
                "Throughput (Gbit/s, log scale)", paperLines(operation, g -> g), Charts.PAPER_COLORS,
                userPoints(placements, p -> p.point().gbps()), userColors(placements), new double[0]);
    }

    private JFreeChart multipleChart(List<Placement> placements, String operation) {
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        for (DeliveryClass c : DeliveryClass.values()) {
            List<double[]> pts = new ArrayList<>();
            for (PaperRow r : map.table(operation, 9000)) {
                pts.add(new double[] {r.delayMs(), r.multiple(c)});
            }
            lines.put(fmt("Paper: FC (MTU 9000) / Internet %s", c.label()), pts);
        }
        Map<String, List<double[]>> points = new LinkedHashMap<>();
        Map<String, Color> pointColors = new LinkedHashMap<>();
        for (Placement free : placements) {
            if (free.point().deliveryClass() != null || !free.point().fromSweep()
                    || !free.point().operation().equals(operation)) {
                continue;
            }
            for (Placement p : placements) {
                DeliveryClass c = p.point().deliveryClass();
                if (c != null && p.point().fromSweep() && p.point().operation().equals(operation) && Math.abs(Math.log(p
                        .point().rttMs() / free.point().rttMs())) < Math.log(1.25)) {
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

    private JFreeChart timeChart(List<Placement> placements, String operation) {
        return Charts.build(fmt("Time to %s %.2f TB against round-trip time", operation, dbSize / 1e12),
                "Minutes = size x 8 / throughput; paper lines at 35 channels, points: your runs' throughput",
                "Minutes (log scale)", paperLines(operation, this::minutes), Charts.PAPER_COLORS,
                userPoints(placements, Placement::projectedMinutes), userColors(placements), new double[0]);
    }

    /** Which capacity scaling the runs used, or "" when all are as measured. */
    static String scalingNote(List<Placement> placements) {
        List<Double> scales = placements.stream().map(p -> p.point().scale()).filter(x -> x != 1).distinct().toList();
        if (scales.isEmpty()) {
            return "";
        }
        return "Capacity scaling: " + placements.stream().filter(p -> p.point().scale() != 1).count() + " run(s) used "
                + "fewer channels on a slower link (channels x rate / 10 Gbit/s); their measured throughput is shown "
                + "multiplied by " + scales.stream().map(x -> fmt("%.3f", x)).collect(Collectors.joining(
                        ", ")) + " and their channels as the paper's they stand for.";
    }

}
